export declare const root: string;
export declare function newestSource(): number;
export declare function buildIsFresh(): boolean;
export declare function writeStamp(sourcesAt: number): void;
