// The import directions of the repository (README, "Where things live"), checked by
// `npm run check:deps`, which `npm run lint` (and so `npm test`) runs. Each layer names the
// layers it may import, so no layer imports one above it. Layers count static and dynamic
// imports; a type-only import (a handle type such as the API's `Db`) vanishes from the build and
// may cross, and tests may import what they test from anywhere. No static import cycle is allowed
// anywhere, type-only imports included; `import()` loads on demand, so a lazily loaded part may
// show the links that load it (card link → preview popup → card text → card link).

/** apps/web/src: app → routes → features → components → lib; features also use store → api. */
const WEB = {
  app: {
    path: '^apps/web/src/(main\\.tsx|app/)',
    may: ['app', 'routes', 'features', 'store', 'api', 'components', 'lib', 'styles'],
  },
  routes: {
    path: '^apps/web/src/routes/',
    may: ['routes', 'features', 'store', 'api', 'components', 'lib'],
  },
  features: {
    path: '^apps/web/src/features/',
    may: ['features', 'store', 'api', 'components', 'lib'],
  },
  store: { path: '^apps/web/src/store/', may: ['store', 'api', 'lib'] },
  components: { path: '^apps/web/src/components/', may: ['components', 'lib'] },
  lib: { path: '^apps/web/src/lib/', may: ['lib', 'api'] },
  api: { path: '^apps/web/src/api/', may: ['api'] },
  styles: { path: '^apps/web/src/styles/', may: ['styles'] },
}

/** apps/api/src: entry → routes/plugins → services → db → lib; cli and import sit on services. */
const API = {
  entry: {
    path: '^apps/api/src/(server|main|app|shutdown|deps)\\.ts$',
    may: ['entry', 'routes', 'plugins', 'cli', 'import', 'services', 'db', 'lib', 'config'],
  },
  cli: { path: '^apps/api/src/cli/', may: ['cli', 'import', 'services', 'db', 'lib', 'config'] },
  routes: {
    path: '^apps/api/src/routes/',
    may: ['routes', 'plugins', 'services', 'lib', 'config'],
  },
  plugins: { path: '^apps/api/src/plugins/', may: ['plugins', 'services', 'lib', 'config'] },
  import: { path: '^apps/api/src/import/', may: ['import', 'services', 'db', 'lib', 'config'] },
  services: { path: '^apps/api/src/services/', may: ['services', 'db', 'lib', 'config'] },
  db: { path: '^apps/api/src/db/', may: ['db', 'lib', 'config'] },
  lib: { path: '^apps/api/src/lib/', may: ['lib'] },
  config: { path: '^apps/api/src/(config|config-values|paths)\\.ts$', may: ['config', 'lib'] },
}

/** One rule per layer: everything of its app outside the layers it may import is refused. */
function layerRules(app, layers) {
  return Object.entries(layers).map(([name, layer]) => ({
    name: `${app}-${name}`,
    comment: `${app} ${name} may import only: ${layer.may.join(', ')}`,
    severity: 'error',
    from: { path: layer.path, pathNot: '\\.test\\.tsx?$' },
    to: {
      dependencyTypesNot: ['type-only'],
      path: `^apps/${app}/src/`,
      pathNot: layer.may.map((allowed) => layers[allowed].path),
    },
  }))
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules that import each other, directly or through others.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'core-imports-no-app',
      comment: 'packages/core is shared by both apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: ['^apps/', '^@spellboard/(api|web)'] },
    },
    {
      name: 'apps-apart',
      comment: 'The web app and the API share code only through packages/core.',
      severity: 'error',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/'] },
    },
    ...layerRules('web', WEB),
    ...layerRules('api', API),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
