// The flows' timers live beside the flows that share them (the modal's and the funding flows').
export { createTimers, type FlowTimers } from '../timers.ts';
