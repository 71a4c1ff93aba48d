//! batch (in progress)
