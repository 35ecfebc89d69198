export declare function buildCli(options?: { quiet?: boolean }): Promise<{ ms: number; inputs: number }>;
export declare const DIST: string;
