// terse: written by `terse init opencode`; `terse init opencode --uninstall` removes it.
// After OpenCode has run a bash command (as its permission rules allowed), the
// result the model reads is replaced by terse's shaped report of the output, with
// the exit code. Nothing here runs before a command or changes which one runs.
// Whatever goes wrong, the result stays as OpenCode made it.
import { spawnSync } from "node:child_process";

export const TersePlugin = async ({ directory }) => ({
  "tool.execute.after": async (input, output) => {
    if (input.tool !== "bash" || typeof output?.output !== "string") return;
    try {
      const payload = JSON.stringify({
        tool: input.tool,
        args: input.args ?? {},
        directory,
        output: output.output,
        metadata: output.metadata ?? {},
      });
      const r = spawnSync("terse", ["hook", "opencode-post"], {
        input: payload,
        encoding: "utf8",
        timeout: 60000,
        maxBuffer: 16 << 20,
      });
      if (r.status !== 0 || !r.stdout) return;
      const answer = JSON.parse(r.stdout);
      if (typeof answer.output === "string") output.output = answer.output;
    } catch {
      // the result stands
    }
  },
});
