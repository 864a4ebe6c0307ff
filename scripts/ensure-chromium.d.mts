export declare function ensureChromium(): string
