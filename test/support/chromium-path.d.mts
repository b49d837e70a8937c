export declare const HEADLESS_SHELL_PATH: string;
export declare const FULL_CHROMIUM_PATH: string;
export declare const CHROMIUM_PACKAGES: readonly string[];
export declare function testChromiumPath(): string;
