//! report (in progress)
