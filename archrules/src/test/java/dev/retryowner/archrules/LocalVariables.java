package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The local variables a class declares, read from its LocalVariableTable (javac writes it with
 * {@code -g}, Maven's default) because ArchUnit does not import that table. A local's line is
 * the line of the store that starts its scope, i.e. where it is declared and initialized.
 */
final class LocalVariables {
  private static final Pattern CLASS_IN_DESCRIPTOR = Pattern.compile("L([^;<>]+)[;<]");

  private LocalVariables() {}

  /** Line → binary names of the types (type arguments included) of the locals declared there. */
  static Map<Integer, Set<String>> declaredIn(JavaClass type) {
    Map<Integer, Set<String>> typesByLine = new TreeMap<>();
    try (InputStream in = type.getSource().orElseThrow().getUri().toURL().openStream()) {
      new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor,
            String signature, String[] exceptions) {
          return new LocalsOfMethod(access, descriptor, typesByLine);
        }
      }, 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + type.getName(), e);
    }
    return typesByLine;
  }

  private static final class LocalsOfMethod extends MethodVisitor {
    private final int firstLocalSlot;
    private final Map<Integer, Set<String>> typesByLine;
    private final Map<Label, Integer> lineOfStoreEndingAt = new HashMap<>();
    private final Map<Label, Integer> slotOfStoreEndingAt = new HashMap<>();
    private int currentLine;
    private int pendingStoreSlot = -1;
    private int pendingStoreLine;

    LocalsOfMethod(int access, String descriptor, Map<Integer, Set<String>> typesByLine) {
      super(Opcodes.ASM9);
      this.firstLocalSlot = ((access & Opcodes.ACC_STATIC) != 0 ? 0 : 1)
          + (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - 1;
      this.typesByLine = typesByLine;
    }

    @Override
    public void visitLabel(Label label) {
      if (pendingStoreSlot >= 0) {
        lineOfStoreEndingAt.put(label, pendingStoreLine);
        slotOfStoreEndingAt.put(label, pendingStoreSlot);
      }
    }

    @Override
    public void visitLineNumber(int line, Label start) {
      currentLine = line;
    }

    @Override
    public void visitVarInsn(int opcode, int slot) {
      boolean isStore = opcode >= Opcodes.ISTORE && opcode <= Opcodes.ASTORE;
      pendingStoreSlot = isStore ? slot : -1;
      pendingStoreLine = currentLine;
    }

    @Override
    public void visitInsn(int opcode) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor,
        boolean isInterface) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrapMethod,
        Object... bootstrapMethodArguments) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitLdcInsn(Object value) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitIincInsn(int slot, int increment) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
      pendingStoreSlot = -1;
    }

    @Override
    public void visitLocalVariable(String name, String descriptor, String signature, Label start,
        Label end, int index) {
      Integer slot = slotOfStoreEndingAt.get(start);
      if (index < firstLocalSlot || slot == null || slot != index) {
        return;
      }
      Set<String> types = typesByLine.computeIfAbsent(lineOfStoreEndingAt.get(start),
          line -> new LinkedHashSet<>());
      Matcher matcher = CLASS_IN_DESCRIPTOR.matcher(signature != null ? signature : descriptor);
      while (matcher.find()) {
        types.add(matcher.group(1).replace('/', '.'));
      }
    }
  }
}
