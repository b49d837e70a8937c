#!/usr/bin/env node
// Child process of scripts/prerender.ts: `node prerender-run.mjs <bundle> <path>…` imports the
// Node bundle of scripts/prerender-entry.ts, renders each path and prints one JSON document.
import { pathToFileURL } from 'node:url';

const [bundle, ...paths] = process.argv.slice(2);
const { prerenderPage, appNames } = await import(pathToFileURL(bundle).href);
const pages = [];
for (const path of paths) pages.push(await prerenderPage(path));
process.stdout.write(JSON.stringify({ pages, appName: await appNames() }));
