export declare const SERVER_OUT_DIR: string;
/** Builds dist-server/run-<pid>/ for this process and returns the path of its entry module. */
export declare function buildServer(): Promise<string>;
