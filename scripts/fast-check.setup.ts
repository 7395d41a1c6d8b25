import fc from 'fast-check';

/**
 * Property tests draw their cases from one fixed seed, so a run's verdict never depends on luck:
 * a failure is the same on every machine and every run. FC_SEED draws another set (to explore;
 * a failure prints its seed and path to replay it).
 */
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_125) });
