// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IIdRegistry, IMetadataValidator, ID_REGISTRY, KEY_GATEWAY, SIGNED_KEY_REQUEST_VALIDATOR} from "./Farcaster.sol";

/**
 * Farcaster's KeyRegistry for local tests, with the real contract's interface for what clients use:
 * `keyDataOf`, `keys`, `keysOf`, `keyAt`, `totalKeys`, `add` (from the KeyGateway only, the key's
 * metadata checked by its validator: the SignedKeyRequestValidator for key types 1, Ed25519
 * signers, and 2, auth addresses, with metadata type 1), `remove` (by the fid's custody address),
 * and the `Add` / `Remove` events. Plus a test-only `addForTest` that adds a key with no metadata.
 * No pause, no migration, no `addFor`/`removeFor`. Storage starts at zero (installed by setCode).
 */
contract KeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    /// The real registry's limit (a setting there, a constant here: setCode runs no constructor).
    uint256 public constant maxKeysPerFid = 1000;

    mapping(uint256 fid => mapping(bytes key => KeyData data)) public keys;
    mapping(uint256 fid => bytes[] keys) internal _added;
    /// A key's place in `_added[fid]` plus one (0: not there), so removing one is O(1).
    mapping(uint256 fid => mapping(bytes key => uint256 place)) internal _addedPlace;
    mapping(uint256 fid => bytes[] keys) internal _removed;

    event Add(
        uint256 indexed fid,
        uint32 indexed keyType,
        bytes indexed key,
        bytes keyBytes,
        uint8 metadataType,
        bytes metadata
    );
    event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes);

    error Unauthorized();
    error InvalidState();
    error InvalidMetadata();
    error ExceedsMaximum();
    error ValidatorNotFound(uint32 keyType, uint8 metadataType);

    function idRegistry() external pure returns (address) {
        return ID_REGISTRY;
    }

    function keyGateway() external pure returns (address) {
        return KEY_GATEWAY;
    }

    /// The validators the deployed registry has; every other pair has none.
    function validators(uint32 keyType, uint8 metadataType) public pure returns (address) {
        if ((keyType == 1 || keyType == 2) && metadataType == 1) return SIGNED_KEY_REQUEST_VALIDATOR;
        return address(0);
    }

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }

    function totalKeys(uint256 fid, KeyState state) public view returns (uint256) {
        return _keysByState(fid, state).length;
    }

    function keyAt(uint256 fid, KeyState state, uint256 index) external view returns (bytes memory) {
        return _keysByState(fid, state)[index];
    }

    function keysOf(uint256 fid, KeyState state) external view returns (bytes[] memory) {
        return _keysByState(fid, state);
    }

    /// What `KeyGateway.add` calls with its caller as `fidOwner`.
    function add(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) external {
        if (msg.sender != KEY_GATEWAY) revert Unauthorized();
        uint256 fid = _fidOf(fidOwner);
        address validator = validators(keyType, metadataType);
        if (validator == address(0)) revert ValidatorNotFound(keyType, metadataType);
        _add(fid, keyType, key, metadataType, metadata);
        if (!IMetadataValidator(validator).validate(fid, key, metadata)) revert InvalidMetadata();
    }

    /// Removes one of the caller's fid's added keys.
    function remove(bytes calldata key) external {
        uint256 fid = _fidOf(msg.sender);
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.ADDED) revert InvalidState();
        data.state = KeyState.REMOVED;
        uint256 place = _addedPlace[fid][key];
        bytes[] storage added = _added[fid];
        if (place != added.length) {
            bytes memory last = added[added.length - 1];
            added[place - 1] = last;
            _addedPlace[fid][last] = place;
        }
        added.pop();
        delete _addedPlace[fid][key];
        _removed[fid].push(key);
        emit Remove(fid, key, key);
    }

    /**
     * Test-only: adds `key` to `fid` as `keyType` with no metadata to check (an auth address is
     * `abi.encode(address)`), for tests about what a key's presence means rather than how it came.
     */
    function addForTest(uint256 fid, uint32 keyType, bytes calldata key) external {
        _add(fid, keyType, key, 0, "");
    }

    function _add(uint256 fid, uint32 keyType, bytes calldata key, uint8 metadataType, bytes memory metadata)
        internal
    {
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.NULL) revert InvalidState();
        if (_added[fid].length >= maxKeysPerFid) revert ExceedsMaximum();
        data.state = KeyState.ADDED;
        data.keyType = keyType;
        _added[fid].push(key);
        _addedPlace[fid][key] = _added[fid].length;
        emit Add(fid, keyType, key, key, metadataType, metadata);
    }

    function _fidOf(address fidOwner) internal view returns (uint256 fid) {
        fid = IIdRegistry(ID_REGISTRY).idOf(fidOwner);
        if (fid == 0) revert Unauthorized();
    }

    function _keysByState(uint256 fid, KeyState state) internal view returns (bytes[] storage) {
        if (state == KeyState.ADDED) return _added[fid];
        if (state == KeyState.REMOVED) return _removed[fid];
        revert InvalidState();
    }
}
