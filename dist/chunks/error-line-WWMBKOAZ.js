import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  describeError
} from "./chunk-HKIGOZAT.js";
import "./chunk-IUTW6PJ2.js";
import "./chunk-VDSW2JPR.js";
export {
  describeError
};
