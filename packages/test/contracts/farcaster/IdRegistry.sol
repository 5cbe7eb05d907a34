// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/**
 * Farcaster's IdRegistry for local tests: the real contract's reads (`idCounter`, `idOf`,
 * `custodyOf`, `verifyFidSignature`) and `Register` event, and a test-only `register` in place of
 * the IdGateway's paid one. No transfers, no recovery. Storage starts at zero (installed by setCode).
 */
contract IdRegistry {
    uint256 public idCounter;
    mapping(address owner => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();
    /// Test-only: the chosen fid is 0 or already registered.
    error FidTaken();
    /// Test-only: custody is the zero address.
    error InvalidCustody();

    /// Test-only: registers the next fid to `custody` (anyone may call it).
    function register(address custody) external returns (uint256 fid) {
        fid = idCounter + 1;
        _register(custody, fid);
    }

    /// Test-only: registers a chosen fid, for tests that name one; later `register`s count on from it.
    function registerFid(address custody, uint256 fid) external {
        if (fid == 0 || custodyOf[fid] != address(0)) revert FidTaken();
        _register(custody, fid);
    }

    /**
     * True when `custodyAddress` holds `fid` and signed `digest` (65-byte ECDSA, low s). The real one
     * also accepts ERC-1271 signatures from contract custody addresses; the tests' custody is an EOA.
     */
    function verifyFidSignature(
        address custodyAddress,
        uint256 fid,
        bytes32 digest,
        bytes calldata sig
    ) external view returns (bool isValid) {
        return fid != 0 && idOf[custodyAddress] == fid && _recover(digest, sig) == custodyAddress;
    }

    function _register(address custody, uint256 fid) internal {
        if (custody == address(0)) revert InvalidCustody();
        if (idOf[custody] != 0) revert HasId();
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        if (fid > idCounter) idCounter = fid;
        emit Register(custody, fid, address(0));
    }

    /// ecrecover with OpenZeppelin ECDSA's checks: 65 bytes, v 27 or 28, s in the lower half order.
    function _recover(bytes32 digest, bytes calldata sig) internal pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r = bytes32(sig[0:32]);
        bytes32 s = bytes32(sig[32:64]);
        uint8 v = uint8(sig[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
