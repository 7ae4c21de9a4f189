/**
 * The shell's bundle entry (server/tasks/build.ts "runtime/shell"): shell.ts starts itself when loaded. Its
 * exports are for tests and the runtime's own modules; as an entry itself, esbuild would keep an export list
 * in every page's script that no page imports.
 */
import "./shell.ts";
