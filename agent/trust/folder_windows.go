package trust

import "os"

// folderID is empty on Windows: the path alone names the folder there.
func folderID(*os.Root) string { return "" }
