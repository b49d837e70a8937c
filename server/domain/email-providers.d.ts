// The npm package `email-providers` ships its lists as JSON with no types: `all.json` (the
// default export) is an array of domain names.
declare module 'email-providers' {
  const all: string[];
  export default all;
}
