/**
 * The environment that lets one git call authenticate to an https remote with `token`
 * (GitHub's `x-access-token` basic scheme), through git's GIT_CONFIG_* variables: nothing is
 * written to .git/config, nothing appears on a command line (`ps` shows command lines), and
 * the empty first value drops any header an earlier step left configured.
 */
export function tokenEnv(token: string | undefined): Record<string, string> {
  if (!token) return {};
  const basic = Buffer.from(`x-access-token:${token}`, "utf8").toString("base64");
  return {
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "http.extraHeader",
    GIT_CONFIG_VALUE_0: "",
    GIT_CONFIG_KEY_1: "http.extraHeader",
    GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${basic}`,
    // Never stop to ask for a password in a job: fail and say why instead.
    GIT_TERMINAL_PROMPT: "0",
  };
}
