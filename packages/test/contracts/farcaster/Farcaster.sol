// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

// Where Farcaster's contracts live on OP Mainnet (chain 10). The stand-ins are installed at these
// addresses with `hardhat_setCode`, so the clients that hard-code them (auth-client's viemConnector,
// the server) reach the stand-ins unchanged. Constants, not constructor arguments: setCode runs no
// constructor.
address constant ID_REGISTRY = 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b;
address constant KEY_REGISTRY = 0x00000000Fc1237824fb747aBDE0FF18990E59b7e;
address constant KEY_GATEWAY = 0x00000000fC56947c7E7183f8Ca4B62398CaAdf0B;
address constant SIGNED_KEY_REQUEST_VALIDATOR = 0x00000000FC700472606ED4fA22623Acf62c60553;

// The calls the contracts make of each other, as the real ones declare them.
interface IIdRegistry {
    function idOf(address owner) external view returns (uint256 fid);
    function verifyFidSignature(
        address custodyAddress,
        uint256 fid,
        bytes32 digest,
        bytes calldata sig
    ) external view returns (bool isValid);
}

interface IKeyRegistryAdd {
    function add(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) external;
}

interface IMetadataValidator {
    function validate(uint256 userFid, bytes memory key, bytes memory metadata) external returns (bool);
}
