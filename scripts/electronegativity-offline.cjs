// Preloaded into Electronegativity (node -r): its two network calls — translations for its messages and
// Electron's release list — fail at once instead of going to the network. Offline, `got`'s retry timer
// otherwise throws after the request settled and crashes the tool mid-report.
const path = require('node:path');

const cli = require.resolve('@doyensec/electronegativity/package.json');
const gotPath = require.resolve('got', { paths: [path.dirname(cli)] });
const offline = () => Promise.reject(new Error('offline: Electronegativity runs without network access here'));
offline.default = offline;
offline.extend = () => offline;
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };
