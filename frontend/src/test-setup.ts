import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// waitFor and findBy* are the tests' one wait; a loaded 2-core CI machine
// needs more than their default second.
configure({ asyncUtilTimeout: 10_000 });

afterEach(cleanup);
