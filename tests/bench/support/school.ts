/** The made-up school of the emulator benches: ids and addresses by family number, and a clean start. */
import { clearAuth, clearFirestore } from '../../../tools/lib/emulators';

export const memberId = (family: number) => `M${String(family).padStart(5, '0')}`;
export const emailOf = (family: number) => `parent${family}@bench.example`;

/** The school from nothing: no documents, no accounts. */
export const emptyEmulators = () => Promise.all([clearFirestore(), clearAuth()]);

/** The benches' `--families N`, or the school of 2,000. */
export function familiesFromArguments(): number {
  const at = process.argv.indexOf('--families');
  return at >= 0 ? Number(process.argv[at + 1]) : 2000;
}
