import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the Farcaster stand-in contracts (packages/test/contracts/farcaster/*.sol) with solc-js,
 * the `solc` npm package (offline: the compiler is in the package). The tests do not compile: the
 * result is checked in as farcaster-contracts.generated.ts (write-farcaster-contracts.ts writes it),
 * and farcaster-contracts.test.ts recompiles to prove the checked-in code is what the sources build.
 */

export const farcasterContractNames = [
  'IdRegistry',
  'KeyRegistry',
  'KeyGateway',
  'SignedKeyRequestValidator',
] as const;
export type FarcasterContractName = (typeof farcasterContractNames)[number];

export const farcasterSourcesDir = fileURLToPath(new URL('../../contracts/farcaster/', import.meta.url));
const sourceFiles = ['Farcaster.sol', ...farcasterContractNames.map((name) => `${name}.sol`)];

/**
 * The compiler settings; part of what the generated file records. No CBOR metadata at the end of the
 * code, so a comment edit in a source does not change the bytecode.
 */
export const farcasterCompilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
} as const;

interface Solc {
  version(): string;
  compile(input: string): string;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
}

export interface CompiledFarcasterContracts {
  /** solc's version, e.g. `0.8.26+commit.8a97fa7a.Emscripten.clang`. */
  compiler: string;
  contracts: Record<FarcasterContractName, { abi: Abi; code: Hex }>;
}

/** Compiles the sources; throws with solc's messages on any error. Takes seconds (solc-js is wasm). */
export function compileFarcasterContracts(): CompiledFarcasterContracts {
  // solc ships no types; the two calls used are typed above.
  const solc = createRequire(import.meta.url)('solc') as Solc;
  const sources = Object.fromEntries(
    sourceFiles.map((file) => [file, { content: readFileSync(`${farcasterSourcesDir}${file}`, 'utf8') }]),
  );
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: farcasterCompilerSettings })),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts = Object.fromEntries(
    farcasterContractNames.map((name) => {
      const compiled = output.contracts?.[`${name}.sol`]?.[name];
      if (!compiled) throw new Error(`solc produced no ${name}`);
      return [name, { abi: compiled.abi, code: `0x${compiled.evm.deployedBytecode.object}` as Hex }];
    }),
  ) as CompiledFarcasterContracts['contracts'];
  return { compiler: solc.version(), contracts };
}
