/** Types of tools/nodeVersion.mjs, a plain script so that it runs on any Node before `npm install`. */
export declare const HOW_TO_GET_NODE: string;
export declare function satisfiesEngines(version: string, range: string): boolean;
export declare function supportedNode(): string;
export declare function nodeVersionProblem(version?: string, range?: string): string | null;
