/** The message of a read whose documents do not fit the contract (LoadError translates it). */
export const INVALID_DATA_MESSAGE = 'Stored data does not match the contract';
