/**
 * Loaded into the firebase CLI (`node --require`) by tools/lib/stack.ts: the Functions emulator
 * then runs any function in any of its runtime processes, instead of starting one process per
 * function. Each new process costs 1.4–2 s of CPU to load the emulator's runtime and the whole
 * functions bundle, and a test run called about 130 functions this way; with shared processes it
 * starts only as many as requests run at once (docs/testing.md, "Shared function runtimes").
 *
 * firebase-tools has this sharing built in for its debug mode (`--inspect-functions`), but there
 * it runs one request at a time. Here the requests still run side by side: a runtime that is busy
 * is never given a second request, and a new one starts when all are busy, as before.
 *
 * Each request carries the function it is for in two headers, which the runtime reads
 * (sharedRuntimeRouting.cjs) before it picks the function, so the choice cannot mix up two
 * requests. Everything else is the emulator's own code: the same HTTP path into the functions,
 * the same environment, and every secret of the codebase, as in debug mode.
 *
 * Written against firebase-tools 14.27; on another version it changes nothing and says so.
 */
const { join } = require('node:path');

const SUPPORTED = /^14\.27\./;
const version = require('firebase-tools/package.json').version;

if (!SUPPORTED.test(version)) {
  console.warn(`tools/emulator/sharedRuntimes.cjs: written for firebase-tools 14.27, found ${version}; one runtime per function.`);
} else {
  const emulatorModule = require('firebase-tools/lib/emulator/functionsEmulator');
  const { RuntimeWorkerPool } = require('firebase-tools/lib/emulator/functionsRuntimeWorker');
  const { WorkQueue } = require('firebase-tools/lib/emulator/workQueue');
  const { FunctionsExecutionMode } = require('firebase-tools/lib/emulator/types');
  const { getSignatureType } = require('firebase-tools/lib/emulator/functionsEmulatorShared');
  const { EmulatorLogger } = require('firebase-tools/lib/emulator/emulatorLogger');

  const { TARGET_HEADER, SIGNATURE_HEADER } = require('./sharedRuntimeHeaders.cjs');
  const ROUTING = join(__dirname, 'sharedRuntimeRouting.cjs');

  /** One list of runtimes for every function of a codebase; each request says which function. */
  class SharedRuntimePool extends RuntimeWorkerPool {
    /** @param {(triggerId: string) => any} findTrigger */
    constructor(findTrigger) {
      super(FunctionsExecutionMode.AUTO);
      this.findTrigger = findTrigger;
    }

    getKey() {
      return '~shared~';
    }

    submitRequest(triggerId, req, resp, body) {
      const worker = this.getIdleWorker(triggerId);
      if (!worker) return super.submitRequest(triggerId, req, resp, body);
      const trigger = this.findTrigger(triggerId);
      // The function's own time limit, and its name on what the runtime logs, as a runtime of its
      // own would have them.
      worker.timeoutSeconds = trigger.timeoutSeconds;
      worker.triggerKey = triggerId;
      worker.logger = EmulatorLogger.forFunction(triggerId, worker.extensionLogInfo);
      const headers = { ...req.headers, [TARGET_HEADER]: trigger.entryPoint, [SIGNATURE_HEADER]: getSignatureType(trigger) };
      // request() marks the worker busy before it returns: no other request can take it.
      return worker.request({ ...req, headers }, resp, body, false);
    }
  }

  class SharedRuntimeFunctionsEmulator extends emulatorModule.FunctionsEmulator {
    constructor(args) {
      super(args);
      // A developer debugging with --inspect-functions gets firebase-tools' own debug mode.
      this.sharedRuntimes = !this.debugMode;
      if (!this.sharedRuntimes) return;
      const findTrigger = (triggerId) => Object.values(this.triggers).find((record) => record.def.id === triggerId).def;
      for (const codebase of Object.keys(this.workerPools)) this.workerPools[codebase] = new SharedRuntimePool(findTrigger);
      this.workQueue = new WorkQueue(FunctionsExecutionMode.AUTO);
    }

    /** A runtime is not started for one function: no FUNCTION_TARGET, K_SERVICE or signature. */
    getSystemEnvs(trigger) {
      return super.getSystemEnvs(this.sharedRuntimes ? undefined : trigger);
    }

    /** The runtime takes its function from each request (debug mode's switch), read by ROUTING. */
    getEmulatorEnvs() {
      const envs = super.getEmulatorEnvs();
      if (!this.sharedRuntimes) return envs;
      const nodeOptions = [process.env.NODE_OPTIONS, `--require ${ROUTING}`].filter(Boolean).join(' ');
      return { ...envs, FUNCTION_DEBUG_MODE: 'true', NODE_OPTIONS: nodeOptions };
    }

    /** Every secret that any function of the codebase declares, as debug mode gives them. */
    resolveSecretEnvs(backend, trigger) {
      if (!this.sharedRuntimes) return super.resolveSecretEnvs(backend, trigger);
      const secrets = new Map();
      for (const record of Object.values(this.triggers)) {
        if (record.backend.codebase !== backend.codebase) continue;
        for (const secret of record.def.secretEnvironmentVariables ?? []) secrets.set(secret.key, secret);
      }
      return super.resolveSecretEnvs(backend, { secretEnvironmentVariables: [...secrets.values()] });
    }
  }

  emulatorModule.FunctionsEmulator = SharedRuntimeFunctionsEmulator;
}
