import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  parseManifests
} from "./chunk-X43O6U6W.js";
import {
  isProbablyManifestText,
  mayHoldSecret
} from "./chunk-7KQHYMKG.js";
import "./chunk-KIER4OVU.js";
import "./chunk-RRHDRXGL.js";
import "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";
export {
  isProbablyManifestText,
  mayHoldSecret,
  parseManifests
};
