/*
 * cpcl_system.h - nothing to import: the CPCLSystem system-library target exists so that SwiftPM
 * finds PCL 1.13's and Eigen 3.4's C++ headers with pkg-config (`pcl_common`) for CPointCloud,
 * the one target that depends on it. PCL's headers are C++ and are never seen by Swift.
 */
#ifndef CPCL_SYSTEM_H
#define CPCL_SYSTEM_H
#endif
