// How the bridge names what the Go side sends: the types Wails generates
// from the Go view structs (wailsjs/go/models.ts), read as the plain JSON
// that arrives, never written out by hand again. A Go field renamed or
// retyped changes the generated model, and every use here and in the UI
// fails the typecheck.

/** The generated models type a Go time.Time as `any`. */
type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * Wire is a generated model as the JSON carries it: its data fields only
 * (not the class's convertValues), time.Time as its RFC 3339 string.
 */
export type Wire<T> =
  IsAny<T> extends true
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Wire<T[K]> }
        : T;

/**
 * What a field of type V may be narrowed to: V or narrower, where anything
 * may also be null or absent, at any depth (the generated models do not say
 * that a Go pointer, slice or map can be nil).
 */
type Fit<V> =
  | null
  | undefined
  | (V extends readonly (infer U)[] ? Fit<U>[] : V extends object ? { [K in keyof V]?: Fit<V[K]> } : V);

/**
 * Narrow replaces fields of a wire type with the narrower types the UI
 * relies on: a string the Go side sets to a few known values, a slice that
 * may be null, a nested view that is itself narrowed. A key the wire type
 * lacks, or a type that does not fit its field, fails the typecheck.
 */
export type Narrow<T, R extends { [K in keyof R]: K extends keyof T ? Fit<T[K]> : never }> = Omit<T, keyof R> & R;
