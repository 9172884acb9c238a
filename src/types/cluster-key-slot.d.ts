/** The Redis Cluster slot of a key (hash tags honoured), from the module ioredis uses itself. */
declare module 'cluster-key-slot' {
  function calculateSlot(key: string): number;
  export default calculateSlot;
}
