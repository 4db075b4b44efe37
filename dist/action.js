"use strict";
require("node:module").enableCompileCache?.();
module.exports = require(require("node:path").join(require("node:fs").realpathSync(__filename), "..", "action.bundle.js"));
