// ---- My data (issue 23; docs/decisions/my-data.md, the file's schema in docs/my-data-export.md) ----

/** The account's data may be downloaded once in this many hours. */
export const MY_DATA_INTERVAL_HOURS = 24;

/** The `schema` field of my-data.json: changes when a field changes meaning or goes. */
export const MY_DATA_SCHEMA_VERSION = 'my-data/1';

/** What the browser keeps of the downloaded file. */
export interface MyDataFile {
  /** The file name the server gave (`my-data-demo_student1-20261127.zip`). */
  fileName: string;
  /** Its size in bytes. */
  bytes: number;
}
