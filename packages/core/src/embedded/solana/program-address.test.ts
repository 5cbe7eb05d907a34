import { ed25519 } from '@noble/curves/ed25519.js';
import { address, generateKeyPairSigner, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { associatedTokenAddress, findProgramAddress, isOnEd25519Curve } from './program-address.ts';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from './programs.ts';

const usdcMainnet = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Whether @noble/curves decodes the bytes as a point (its check, not ours). */
function nobleOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('program derived addresses', () => {
  it('decides on-curve points as @noble/curves does (public keys on, random hashes about half)', async () => {
    for (let index = 0; index < 20; index += 1) {
      const key = ed25519.getPublicKey(ed25519.utils.randomSecretKey());
      expect(isOnEd25519Curve(key)).toBe(true);
      const random = crypto.getRandomValues(new Uint8Array(32));
      random[31]! &= 0x7f; // a canonical y, so both checks read the same number
      expect(isOnEd25519Curve(random)).toBe(nobleOnCurve(random));
    }
    expect(isOnEd25519Curve(new Uint8Array(31))).toBe(false);
  });

  it("derives kit's associated token address and bump", async () => {
    const owners = [
      (await generateKeyPairSigner()).address,
      (await generateKeyPairSigner()).address,
      '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    ];
    for (const owner of owners) {
      const [ata, bump] = await findAssociatedTokenPda({
        owner: address(owner),
        mint: address(usdcMainnet),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      expect(associatedTokenAddress(owner, usdcMainnet)).toBe(ata);
      expect(findProgramAddress([owner, TOKEN_PROGRAM, usdcMainnet], ASSOCIATED_TOKEN_PROGRAM).bump).toBe(
        bump,
      );
    }
  });

  it('matches kit for raw seeds, and refuses seeds over 32 bytes', async () => {
    const seeds = [new TextEncoder().encode('vault'), getAddressEncoder().encode(address(usdcMainnet))];
    const [pda, bump] = await getProgramDerivedAddress({ programAddress: address(TOKEN_PROGRAM), seeds });
    expect(
      findProgramAddress(
        seeds.map((seed) => new Uint8Array(seed)),
        TOKEN_PROGRAM,
      ),
    ).toEqual({
      address: pda,
      bump,
    });
    expect(() => findProgramAddress([new Uint8Array(33)], TOKEN_PROGRAM)).toThrow(
      'Invalid program address seeds',
    );
  });
});
