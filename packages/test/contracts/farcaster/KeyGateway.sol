// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IKeyRegistryAdd, KEY_REGISTRY} from "./Farcaster.sol";

/**
 * Farcaster's KeyGateway for local tests: `add`, which the user's Farcaster app sends from the fid's
 * custody address to approve a signed key request. No fees, no pause, no `addFor`.
 */
contract KeyGateway {
    function keyRegistry() external pure returns (address) {
        return KEY_REGISTRY;
    }

    function add(uint32 keyType, bytes calldata key, uint8 metadataType, bytes calldata metadata)
        external
        returns (uint256 overpayment)
    {
        IKeyRegistryAdd(KEY_REGISTRY).add(msg.sender, keyType, key, metadataType, metadata);
        return 0;
    }
}
