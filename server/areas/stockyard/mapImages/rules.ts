/** Yard map image rules (pure): how large a map may be, and which kind a stored map's key says it is. */
import { MAP_IMAGE_TYPES, type MapImageExtension } from "../../storage/rules.ts";

/** The largest map image taken (spec: ≤ 5 MB). */
export const MAP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The extension a map image key ends with, when it is one of ours. */
export function extensionOfKey(key: string): MapImageExtension | null {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ext in MAP_IMAGE_TYPES ? ext as MapImageExtension : null;
}
