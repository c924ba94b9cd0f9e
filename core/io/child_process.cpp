// Placeholder: the child process runner lands later in this change.
