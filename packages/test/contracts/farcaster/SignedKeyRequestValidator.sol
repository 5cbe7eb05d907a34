// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IIdRegistry, ID_REGISTRY} from "./Farcaster.sol";

/**
 * Farcaster's SignedKeyRequestValidator for local tests, checking what the real one checks: the
 * metadata's `requestSigner` holds `requestFid`, the deadline has not passed, the key is 32 bytes,
 * and `signature` is the request signer's EIP-712 `SignedKeyRequest(uint256 requestFid,bytes key,
 * uint256 deadline)` under the domain {name: "Farcaster SignedKeyRequestValidator", version: "1",
 * chainId, verifyingContract: this}. The domain is computed per call (the real one caches it in
 * immutables, which setCode would leave empty).
 */
contract SignedKeyRequestValidator {
    struct SignedKeyRequestMetadata {
        uint256 requestFid;
        address requestSigner;
        bytes signature;
        uint256 deadline;
    }

    string public constant VERSION = "2023.08.23";

    bytes32 public constant METADATA_TYPEHASH =
        keccak256("SignedKeyRequest(uint256 requestFid,bytes key,uint256 deadline)");

    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    function idRegistry() external pure returns (address) {
        return ID_REGISTRY;
    }

    function validate(uint256, /* userFid */ bytes memory key, bytes calldata signedKeyRequestBytes)
        external
        view
        returns (bool)
    {
        SignedKeyRequestMetadata memory metadata = abi.decode(signedKeyRequestBytes, (SignedKeyRequestMetadata));
        if (IIdRegistry(ID_REGISTRY).idOf(metadata.requestSigner) != metadata.requestFid) return false;
        if (block.timestamp > metadata.deadline) return false;
        if (key.length != 32) return false;
        bytes32 structHash =
            keccak256(abi.encode(METADATA_TYPEHASH, metadata.requestFid, keccak256(key), metadata.deadline));
        return IIdRegistry(ID_REGISTRY).verifyFidSignature(
            metadata.requestSigner, metadata.requestFid, hashTypedDataV4(structHash), metadata.signature
        );
    }

    function encodeMetadata(SignedKeyRequestMetadata calldata metadata) external pure returns (bytes memory) {
        return abi.encode(metadata);
    }

    function domainSeparatorV4() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                DOMAIN_TYPEHASH,
                keccak256("Farcaster SignedKeyRequestValidator"),
                keccak256("1"),
                block.chainid,
                address(this)
            )
        );
    }

    function hashTypedDataV4(bytes32 structHash) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparatorV4(), structHash));
    }
}
