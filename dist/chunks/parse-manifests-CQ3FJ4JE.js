import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  parseManifests
} from "./chunk-ZFHLE45E.js";
import {
  isProbablyManifestText,
  mayHoldSecret
} from "./chunk-QX34VV5S.js";
import "./chunk-KIER4OVU.js";
import "./chunk-RRHDRXGL.js";
import "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";
export {
  isProbablyManifestText,
  mayHoldSecret,
  parseManifests
};
