// The tagcloud command: parses arguments, calls the TagCloud library, maps errors to exit codes.
import TagCloud
print("tagcloud: not yet implemented")
