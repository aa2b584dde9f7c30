/**
 * Loaded into the firebase CLI (`node --require`) by tools/lib/stack.ts: the Functions emulator
 * then runs any function in any of its runtime processes, instead of starting one process per
 * function. Each new process costs 1.4–2 s of CPU to load the emulator's runtime and the whole
 * functions bundle, and a test run called about 130 functions this way; with shared processes it
 * starts only as many as requests run at once (docs/testing.md, "Shared function runtimes").
 *
 * firebase-tools has this sharing built in for its debug mode (`--inspect-functions`), but there
 * it runs one request at a time. Here the requests still run side by side. A busy runtime takes
 * more requests of the function it is running, up to 2nd gen's default concurrency (80 per
 * instance), as a deployed instance does; the emulator used to start a process for each (twenty
 * for twenty families booking at once). A request of another function waits for an idle runtime
 * or starts one, so each runtime's logs and time limit stay its function's.
 *
 * Each request carries the function it is for in two headers, which the runtime reads
 * (sharedRuntimeRouting.cjs) before it picks the function, so the choice cannot mix up two
 * requests. Everything else is the emulator's own code: the same HTTP path into the functions,
 * the same environment, and every secret of the codebase, as in debug mode.
 *
 * Written against firebase-tools 14.27; on another version it changes nothing and says so.
 */
const { join } = require('node:path');

const { fitsFirebaseTools } = require('./firebaseToolsVersion.cjs');

if (fitsFirebaseTools('sharedRuntimes.cjs', 'one runtime per function')) {
  const emulatorModule = require('firebase-tools/lib/emulator/functionsEmulator');
  const { RuntimeWorkerPool, RuntimeWorkerState } = require('firebase-tools/lib/emulator/functionsRuntimeWorker');
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

    /** An idle runtime, or else a busy one running `triggerId` with room for another request. */
    getIdleWorker(triggerId) {
      const idle = super.getIdleWorker(triggerId);
      if (idle || !triggerId) return idle;
      const room = concurrencyOf(this.findTrigger(triggerId));
      return this.getTriggerWorkers(triggerId).find((worker) => worker.state === RuntimeWorkerState.BUSY && worker.triggerKey === triggerId && worker.inFlight < room);
    }

    addWorker(trigger, runtime, extensionLogInfo) {
      return countRequests(super.addWorker(trigger, runtime, extensionLogInfo), () => this.exiting);
    }

    exit() {
      this.exiting = true;
      super.exit();
    }

    submitRequest(triggerId, req, resp, body) {
      const worker = this.getIdleWorker(triggerId);
      if (!worker) return super.submitRequest(triggerId, req, resp, body);
      const trigger = this.findTrigger(triggerId);
      if (worker.inFlight === 0) {
        // The function's own time limit, and its name on what the runtime logs, as a runtime of its
        // own would have them.
        worker.timeoutSeconds = trigger.timeoutSeconds;
        worker.triggerKey = triggerId;
        worker.logger = EmulatorLogger.forFunction(triggerId, worker.extensionLogInfo);
      }
      const headers = { ...req.headers, [TARGET_HEADER]: trigger.entryPoint, [SIGNATURE_HEADER]: getSignatureType(trigger) };
      // request() marks the worker busy before it returns: no request of another function can take it.
      worker.inFlight += 1;
      return worker.request({ ...req, headers }, resp, body, false).finally(() => (worker.inFlight -= 1));
    }
  }

  /**
   * How many requests a runtime of `trigger` serves at once, as deployed: 2nd gen's default of 80,
   * one for a 1st gen function. The emulator's definitions keep no function's own `concurrency`
   * or `cpu` option; the portal's functions set neither (functions/src/index.ts).
   */
  function concurrencyOf(trigger) {
    return trigger.platform === 'gcfv1' ? 1 : 80;
  }

  /**
   * Keeps a runtime busy while any of its requests is in flight: request() marks it idle when its
   * own request ends, and a runtime to be replaced (FINISHING) is stopped at the end of its last
   * request, not of the first; the emulator's exit stops it at once.
   */
  function countRequests(worker, exiting) {
    worker.inFlight = 0;
    const { get, set } = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(worker), 'state');
    Object.defineProperty(worker, 'state', {
      get,
      set(state) {
        if (state === RuntimeWorkerState.IDLE && this.inFlight > 1) return;
        set.call(this, state);
      },
    });
    const child = worker.runtime.process;
    const kill = child.kill.bind(child);
    child.kill = (...args) => {
      if (worker.state === RuntimeWorkerState.FINISHING && worker.inFlight > 1 && !exiting()) return true;
      return kill(...args);
    };
    return worker;
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
