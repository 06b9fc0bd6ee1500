import type { Probot } from "probot";
import { copperheadApp } from "./app.js";
import { readAppEnv } from "./env.js";

/**
 * The entry `probot run` loads (`npm start`). The environment is validated first, so a
 * missing or mangled variable stops the App with a message that says which one.
 */
export default function copperhead(app: Probot): void {
  readAppEnv(process.env);
  copperheadApp()(app);
}
