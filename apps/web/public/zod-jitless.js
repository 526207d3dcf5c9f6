// zod 4 compiles object schemas with `new Function` where it may, probing with `Function('')` when
// a schema is created. The console's Content-Security-Policy allows no eval (script-src 'self'), so
// the probe is refused and the browser reports a violation. zod reads its settings from this global
// (zod/v4/core: globalThis.__zod_globalConfig); the contract's schemas are created while the app's
// modules load, so the setting has to be in place before any of them runs: hence a classic script
// ahead of the module script, not a z.config() call inside the bundle.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
