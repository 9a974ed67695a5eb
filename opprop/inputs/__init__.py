"""opprop.inputs."""
