package endpoint

// Version is the module's released version, kept in step with CHANGELOG.md.
// It is part of the default user-agent.
const Version = "0.1.0"
