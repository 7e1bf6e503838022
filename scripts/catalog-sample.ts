// `npm run catalog:sample [folder]`: writes a small catalog dump in Rebrickable's format, made from
// the demo catalog with a few new parts and one renamed part, to try a catalog import on a demo
// install (default folder: catalog-sample in DATA_DIR).
import { resolve } from 'node:path';
import { DEMO_SAMPLE, writeDemoSample } from '../server/catalog-import/demo-sample';

const dir = resolve(process.argv[2] ?? resolve(process.env.DATA_DIR ?? './data', 'catalog-sample'));
const n = writeDemoSample(dir);
const { part, from, to } = DEMO_SAMPLE.renamed;
console.log(
  [
    `Wrote a Rebrickable-format catalog dump to ${dir}:`,
    `  ${n.colours} colours, ${n.categories} categories, ${n.themes} themes, ${n.parts} parts, ${n.sets} sets, ${n.relations} part relations.`,
    `Against the demo catalog: ${DEMO_SAMPLE.newParts.length} new parts (${DEMO_SAMPLE.newParts.map(([p]) => p).join(', ')}) and one renamed part (${part}: '${from}' → '${to}'); everything else matches.`,
    '',
    'To try it, start the server with this dump as its catalog source:',
    `  CATALOG_SOURCE=${dir} npm start`,
    "then sign in as admin@demo.test, open Controllers and press 'New controller': the screen",
    'lists what the import will change and asks before it runs.',
  ].join('\n'),
);
