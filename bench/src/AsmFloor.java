import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The floor of benchmark B1: reads every class file under a directory and parses it with ASM,
 * method bodies included, and does nothing else. Any bytecode checker pays at least this.
 */
public final class AsmFloor {
  public static void main(String[] args) throws IOException {
    if (args.length != 1 || !Files.isDirectory(Path.of(args[0]))) {
      System.err.println("usage: java -cp asm.jar:<dir of AsmFloor.class> AsmFloor <directory of"
          + " .class files>");
      System.exit(2);
    }
    List<Path> classFiles;
    try (Stream<Path> files = Files.walk(Path.of(args[0]))) {
      classFiles = files.filter(file -> file.toString().endsWith(".class")).toList();
    }
    InstructionCounter counter = new InstructionCounter();
    for (Path classFile : classFiles) {
      try {
        new ClassReader(Files.readAllBytes(classFile)).accept(counter, 0);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + classFile, e);
      }
    }
    System.out.println("ASM floor: " + classFiles.size() + " class files, " + counter.methods
        + " methods, " + counter.instructions + " instructions");
  }

  /** Visits every method body; the count keeps the JIT from dropping the work. */
  private static final class InstructionCounter extends ClassVisitor {
    long methods;
    long instructions;

    InstructionCounter() {
      super(Opcodes.ASM9);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor,
        String signature, String[] exceptions) {
      methods++;
      return new MethodVisitor(Opcodes.ASM9) {
        @Override
        public void visitInsn(int opcode) {
          instructions++;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor,
            boolean isInterface) {
          instructions++;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
          instructions++;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
          instructions++;
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
          instructions++;
        }
      };
    }
  }
}
