package trust

// nonBlock is nothing on Windows, whose file system holds no FIFOs.
const nonBlock = 0
