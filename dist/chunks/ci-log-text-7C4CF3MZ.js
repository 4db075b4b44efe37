import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  escapeForCiLog,
  escapeJsonForCiLog
} from "./chunk-7NDVFXIG.js";
import "./chunk-VDSW2JPR.js";
export {
  escapeForCiLog,
  escapeJsonForCiLog
};
