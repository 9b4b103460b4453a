// Nothing to call: linking the target applies TSB_SCAN_KERNEL at load time.
#ifndef KERNEL_LIMIT_FROM_ENVIRONMENT_H
#define KERNEL_LIMIT_FROM_ENVIRONMENT_H
#endif
