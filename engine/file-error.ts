import { relative } from "node:path";
import { CopperheadError, type ErrorCategory } from "./errors.js";

/** A file system call that failed on a path: which path, what Node's errno said, and the fix. */
export class FileAccessError extends CopperheadError {
  readonly path: string;
  readonly code: string;

  constructor(
    message: string,
    fix: string,
    facts: { path: string; code: string; category: ErrorCategory; cause: unknown },
  ) {
    super(message, fix, { cause: facts.cause, category: facts.category });
    this.path = facts.path;
    this.code = facts.code;
  }
}

interface Explanation {
  category: ErrorCategory;
  message: (path: string, verb: string) => string;
  fix: string;
}

// The errno codes a person can do something about, each with the advice that helps.
const EXPLAINED: Record<string, Explanation> = {
  ENOENT: {
    category: "usage",
    message: (p) => `${p} does not exist`,
    fix: "check the path (it is taken relative to the current folder), or create the file first",
  },
  EISDIR: {
    category: "usage",
    message: (p) => `${p} is a folder where a file is expected`,
    fix: "name a file, or move the folder out of the way",
  },
  ENOTDIR: {
    category: "usage",
    message: (p) => `a part of ${p} is a file where a folder is expected`,
    fix: "rename or remove the file that stands where the folder should be",
  },
  EACCES: {
    category: "environment",
    message: (p, verb) => `permission denied ${verb} ${p}`,
    fix: "give your user access to it (chmod u+rw, or chown), or work in a folder you own",
  },
  EPERM: {
    category: "environment",
    message: (p, verb) => `the system refused ${verb} ${p} (operation not permitted)`,
    fix: "check the file's owner and flags (chattr, sticky folders), or work in a folder you own",
  },
  EROFS: {
    category: "environment",
    message: (p) => `${p} is on a read-only file system`,
    fix: "work on a writable copy of the project, or remount the file system read-write",
  },
  ENOSPC: {
    category: "environment",
    message: (p) => `no space left on the device while writing ${p}`,
    fix: "free some disk space (or inodes) and run the command again",
  },
  EDQUOT: {
    category: "environment",
    message: (p) => `disk quota exceeded while writing ${p}`,
    fix: "free space within your quota and run the command again",
  },
  EFBIG: {
    category: "environment",
    message: (p) => `the file size limit stopped writing ${p}`,
    fix: "raise the limit (ulimit -f unlimited) or free space, then run again; nothing was half-written",
  },
  EMFILE: {
    category: "environment",
    message: (p) => `too many open files (at ${p})`,
    fix: "raise the open-file limit (ulimit -n 4096) and run the command again",
  },
  ENFILE: {
    category: "environment",
    message: (p) => `the system ran out of file handles (at ${p})`,
    fix: "close other programs or raise the system's file limit, then run again",
  },
  ENAMETOOLONG: {
    category: "usage",
    message: (p) => `the path ${p} is too long for the file system`,
    fix: "use a shorter path",
  },
  ELOOP: {
    category: "usage",
    message: (p) => `${p} is a symbolic link that loops`,
    fix: "fix or remove the symbolic link",
  },
  ENOTEMPTY: {
    category: "usage",
    message: (p) => `${p} is a folder that is not empty`,
    fix: "move its contents away or pick another path",
  },
  EEXIST: {
    category: "usage",
    message: (p) => `${p} already exists`,
    fix: "move it out of the way or pick another path",
  },
  EBUSY: {
    category: "environment",
    message: (p) => `${p} is busy (in use by another program)`,
    fix: "close the program that holds it and run again",
  },
  EIO: {
    category: "environment",
    message: (p) => `an input/output error on ${p}`,
    fix: "check the disk (dmesg) and run again",
  },
};

const VERBS: Record<string, string> = {
  open: "opening",
  read: "reading",
  write: "writing",
  mkdir: "creating",
  mkdtemp: "creating a folder in",
  rename: "replacing",
  unlink: "removing",
  rmdir: "removing",
  scandir: "listing",
  stat: "reading",
  lstat: "reading",
  access: "reading",
  copyfile: "copying",
  chmod: "changing",
  link: "linking",
};

/**
 * The one place a Node file system error becomes a CopperheadError naming the path and the fix
 * (the faces call it on anything that is not a CopperheadError already). Undefined when `error`
 * is not an errno error about a path. `cwd` shortens the path the way the person typed it.
 */
export function fileErrorOf(error: unknown, cwd?: string): FileAccessError | undefined {
  const errno = findErrno(error);
  if (!errno) return undefined;
  const explained = EXPLAINED[errno.code];
  const shown = cwd ? relative(cwd, errno.path) || "." : errno.path;
  const path = shown.startsWith("..") ? errno.path : shown;
  const verb = VERBS[errno.syscall] ?? "using";
  const facts = { path: errno.path, code: errno.code, cause: error };
  if (explained) {
    return new FileAccessError(explained.message(path, verb), explained.fix, {
      ...facts,
      category: explained.category,
    });
  }
  return new FileAccessError(
    `${errno.syscall || "a file operation"} failed on ${path} (${errno.code})`,
    "check the path and its permissions, then run again",
    { ...facts, category: "environment" },
  );
}

interface Errno {
  code: string;
  path: string;
  syscall: string;
}

function findErrno(error: unknown): Errno | undefined {
  // Wrapped errors (a cause chain) count too: the path is what matters.
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as Error).cause, depth++) {
    const candidate = e as Partial<NodeJS.ErrnoException>;
    if (typeof candidate.code === "string" && typeof candidate.path === "string") {
      return { code: candidate.code, path: candidate.path, syscall: candidate.syscall ?? "" };
    }
  }
  return undefined;
}

/**
 * Some errno errors come without the path (reading a folder gives a bare EISDIR from `read`):
 * give them the one the caller knows, so fileErrorOf can name it. Returns the same error.
 */
export function withPath<E>(error: E, path: string): E {
  const errno = error as Partial<NodeJS.ErrnoException> | undefined;
  if (errno && typeof errno.code === "string" && typeof errno.path !== "string") {
    Object.assign(errno, { path });
  }
  return error;
}
