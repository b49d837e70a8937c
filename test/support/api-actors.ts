import { readdirSync, readFileSync } from 'node:fs';
import { parseSync, Visitor } from 'oxc-parser';
import type { CallDeclaration } from '../../contract/call.ts';
import { CALL_GROUPS } from '../../contract/calls/index.ts';

/*
 * The calls behind a machine's actors, read from src/api without running it: each actor src/api
 * exports (`familyActors.joinFamily`) with the declarations it calls (contract/calls/*) and the
 * codes it throws itself (`new ApiError('importFileTooLarge', …)`). The app provides a machine its
 * actors by name from these objects; test/model/refusal-codes.test.ts checks the machines' routes
 * against them and `npm run coverage:machines` counts the codes each flow can receive.
 */

const API = new URL('../../src/api/', import.meta.url);
const CALLS_DIR = '../../contract/calls/';

/** What one src/api actor does: the declarations it calls and the codes it throws itself. */
export interface ApiActor {
  calls: CallDeclaration[];
  thrown: string[];
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The call groups a src/api file imports (`import * as family from '../../contract/calls/family.ts'`), by local name. */
function callImports(program: Node): Map<string, Record<string, CallDeclaration>> {
  const imports = new Map<string, Record<string, CallDeclaration>>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const from = (statement.source as { value: string }).value;
    if (!from.startsWith(CALLS_DIR)) continue;
    const file = from.slice(CALLS_DIR.length).replace(/\.ts$/, '');
    const group = Object.values(CALL_GROUPS).find((candidate) => {
      const [first] = Object.values(candidate) as CallDeclaration[];
      return first !== undefined && modulePathOf(first) === file;
    });
    if (!group) throw new Error(`src/api imports ${from}, which contract/calls/index.ts does not group`);
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type === 'ImportNamespaceSpecifier') imports.set((specifier.local as { name: string }).name, group as unknown as Record<string, CallDeclaration>);
    }
  }
  return imports;
}

/** contract/calls/<file>.ts of a declaration, found by which group holds it. */
function modulePathOf(declaration: CallDeclaration): string {
  const entry = Object.entries(CALL_GROUPS).find(([, group]) => (Object.values(group) as CallDeclaration[]).includes(declaration));
  if (!entry) throw new Error(`${declaration.name} is in no call group`);
  return entry[0].replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Every `ns.call`, `new ApiError('code'` and local function called inside `node`. */
function referencesIn(node: Node, imports: Map<string, Record<string, CallDeclaration>>) {
  const calls = new Set<CallDeclaration>();
  const thrown = new Set<string>();
  const called = new Set<string>();
  new Visitor({
    MemberExpression: (member) => {
      const object = member.object as Node & { name?: string };
      const property = member.property as Node & { name?: string };
      const group = object.type === 'Identifier' ? imports.get(object.name!) : undefined;
      const declaration = group && property.type === 'Identifier' ? group[property.name!] : undefined;
      if (declaration) calls.add(declaration);
    },
    NewExpression: (expression) => {
      const callee = expression.callee as Node & { name?: string };
      const [first] = expression.arguments as Array<Node & { value?: unknown }>;
      if (callee.type === 'Identifier' && callee.name === 'ApiError' && first?.type === 'Literal' && typeof first.value === 'string') thrown.add(first.value);
    },
    CallExpression: (expression) => {
      const callee = expression.callee as Node & { name?: string };
      if (callee.type === 'Identifier') called.add(callee.name!);
    },
  }).visit({ type: 'Program', body: [node] } as never);
  return { calls, thrown, called };
}

/** Every actor src/api exports, by object (`familyActors`) and actor name (`joinFamily`). */
export function apiActors(): Map<string, Map<string, ApiActor>> {
  const objects = new Map<string, Map<string, ApiActor>>();
  for (const file of readdirSync(API).filter((name) => name.endsWith('.ts')).sort()) {
    const source = readFileSync(new URL(file, API), 'utf8');
    const program = parseSync(file, source, { lang: 'ts', sourceType: 'module' }).program as unknown as Node;
    const imports = callImports(program);
    const functions = new Map<string, Node>();
    const objectLiterals: Array<[string, Node]> = [];
    for (const statement of program.body as Node[]) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
      if (!declaration) continue;
      if (declaration.type === 'FunctionDeclaration') functions.set((declaration.id as { name: string }).name, declaration);
      if (declaration.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations as Node[]) {
        const init = declarator.init as Node | null;
        const name = (declarator.id as { name?: string }).name;
        if (init?.type === 'ObjectExpression' && name && statement.type === 'ExportNamedDeclaration') objectLiterals.push([name, init]);
        else if (init && name && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) functions.set(name, init);
      }
    }
    /** What a node reaches, following the file's own functions it calls. */
    const reach = (node: Node, seen = new Set<string>()): ApiActor => {
      const found = referencesIn(node, imports);
      const actor: ApiActor = { calls: [...found.calls], thrown: [...found.thrown] };
      for (const name of found.called) {
        const body = functions.get(name);
        if (!body || seen.has(name)) continue;
        seen.add(name);
        const more = reach(body, seen);
        actor.calls.push(...more.calls);
        actor.thrown.push(...more.thrown);
      }
      return actor;
    };
    for (const [objectName, literal] of objectLiterals) {
      const actors = new Map<string, ApiActor>();
      for (const property of literal.properties as Node[]) {
        if (property.type !== 'Property') continue;
        const key = property.key as Node & { name?: string };
        if (key.type !== 'Identifier') continue;
        const actor = reach(property.value as Node);
        if (actor.calls.length > 0 || actor.thrown.length > 0) actors.set(key.name!, actor);
      }
      if (actors.size > 0) objects.set(objectName, actors);
    }
  }
  return objects;
}

/**
 * The src/api actors a machine may be given, per actor name: those of the objects that provide the
 * most of the machine's actors (a page provides a machine its feature's object); where objects tie
 * (`subscribe` alone is in two), each of them.
 */
export function actorsFor(invoked: readonly string[], objects: Map<string, Map<string, ApiActor>>): Map<string, ApiActor[]> {
  const actors = new Map<string, ApiActor[]>();
  for (const name of invoked) {
    const holders = [...objects.values()].filter((object) => object.has(name));
    const score = (object: Map<string, ApiActor>) => invoked.filter((other) => object.has(other)).length;
    const best = Math.max(0, ...holders.map(score));
    const chosen = holders.filter((object) => score(object) === best).map((object) => object.get(name)!);
    if (chosen.length > 0) actors.set(name, chosen);
  }
  return actors;
}
