package dev.retryowner.gate;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The method calls of a class file's code, calls of constructors aside, read with ASM. */
public final class ClassFileCalls {
  private ClassFileCalls() {}

  /** One call as the class file names it. */
  public interface Call {
    /**
     * @param line the source line, 0 when the file has no line numbers
     * @param owner the internal name of the class the call names
     */
    void accept(int line, String owner, String name, String descriptor);
  }

  /**
   * Hands every call of the class file to {@code call}.
   *
   * @throws IllegalArgumentException or another runtime exception of ASM if the bytes are no
   *     class file
   */
  public static void read(ClassReader reader, Call call) {
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor,
          String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9) {
          private int line;

          @Override
          public void visitLineNumber(int lineNumber, Label start) {
            line = lineNumber;
          }

          @Override
          public void visitMethodInsn(int opcode, String owner, String called,
              String calledDescriptor, boolean isInterface) {
            if (!called.equals("<init>")) {
              call.accept(line, owner, called, calledDescriptor);
            }
          }
        };
      }
    }, ClassReader.SKIP_FRAMES);
  }
}
