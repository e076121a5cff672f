// The tagcloud command: everything is in TagCloudCommandLine.
import TagCloudCommandLine

TagCloudMain.run(Array(CommandLine.arguments.dropFirst()))
