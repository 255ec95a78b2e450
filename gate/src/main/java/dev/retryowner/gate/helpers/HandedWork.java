package dev.retryowner.gate.helpers;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Which of a method's parameters a value is, read from ASM's source frames: the parameter
 * itself, a cast of it, or a lambda that captures it ({@code () -> { work.run(); return null; }}
 * hands the same work on). A parameter's slot counts only while the method never stores into it,
 * so that a loaded slot still holds what the caller handed in; a local stored from a parameter
 * counts too.
 */
final class HandedWork {
  private static final int MAX_STEPS = 8;

  private final MethodNode method;
  private final Frame<SourceValue>[] frames;
  private final int firstLocalSlot;
  /** The index of the object parameter each slot holds on entry. */
  private final Map<Integer, Integer> objectParameterBySlot = new HashMap<>();
  private final Set<Integer> reassignedSlots = new HashSet<>();

  HandedWork(MethodNode method, Frame<SourceValue>[] frames) {
    this.method = method;
    this.frames = frames;
    int slot = (method.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
    Type[] arguments = Type.getArgumentTypes(method.desc);
    for (int index = 0; index < arguments.length; index++) {
      if (arguments[index].getSort() == Type.OBJECT) {
        objectParameterBySlot.put(slot, index);
      }
      slot += arguments[index].getSize();
    }
    this.firstLocalSlot = slot;
    for (AbstractInsnNode insn : method.instructions) {
      if (insn instanceof VarInsnNode variable && variable.getOpcode() >= Opcodes.ISTORE
          && variable.getOpcode() <= Opcodes.ASTORE && variable.var < firstLocalSlot) {
        reassignedSlots.add(variable.var);
      } else if (insn instanceof IincInsnNode step && step.var < firstLocalSlot) {
        reassignedSlots.add(step.var);
      }
    }
  }

  /**
   * The index (0 for the first declared parameter) of the parameter whose work {@code value}
   * holds, if it holds one parameter's work on every path.
   */
  OptionalInt parameterOf(SourceValue value) {
    return parameterOf(value, 0);
  }

  /** The index of the object parameter a slot still holds, the receiver and locals excluded. */
  private OptionalInt parameterAt(int slot) {
    Integer parameter = objectParameterBySlot.get(slot);
    return parameter == null || reassignedSlots.contains(slot) ? OptionalInt.empty()
        : OptionalInt.of(parameter);
  }

  /**
   * Whether {@code value} is the same on every pass: a constant, a parameter the method never
   * reassigns, {@code this}, or a field of a class or of {@code this}. A value read from an
   * iterator, an array or another call may differ from one pass to the next.
   */
  boolean isUnchanged(SourceValue value) {
    if (value == null || value.insns.isEmpty()) {
      return false;
    }
    for (AbstractInsnNode source : value.insns) {
      if (!isUnchanged(source)) {
        return false;
      }
    }
    return true;
  }

  private boolean isUnchanged(AbstractInsnNode source) {
    int opcode = source.getOpcode();
    if (opcode >= Opcodes.ACONST_NULL && opcode <= Opcodes.LDC || opcode == Opcodes.GETSTATIC) {
      return true;
    }
    if (source instanceof VarInsnNode load && opcode >= Opcodes.ILOAD
        && opcode <= Opcodes.ALOAD) {
      return load.var < firstLocalSlot && !reassignedSlots.contains(load.var);
    }
    if (source instanceof FieldInsnNode && opcode == Opcodes.GETFIELD) {
      Frame<SourceValue> before = frames[method.instructions.indexOf(source)];
      return before != null && (method.access & Opcodes.ACC_STATIC) == 0
          && before.getStack(before.getStackSize() - 1).insns.stream().allMatch(owner ->
              owner instanceof VarInsnNode self && self.getOpcode() == Opcodes.ALOAD
                  && self.var == 0);
    }
    return false;
  }

  private OptionalInt parameterOf(SourceValue value, int steps) {
    if (value == null || value.insns.isEmpty() || steps > MAX_STEPS) {
      return OptionalInt.empty();
    }
    OptionalInt found = OptionalInt.empty();
    for (AbstractInsnNode source : value.insns) {
      OptionalInt parameter = parameterMadeBy(source, steps);
      if (parameter.isEmpty() || (found.isPresent() && found.getAsInt() != parameter.getAsInt())) {
        return OptionalInt.empty();
      }
      found = parameter;
    }
    return found;
  }

  private OptionalInt parameterMadeBy(AbstractInsnNode source, int steps) {
    InsnList instructions = method.instructions;
    Frame<SourceValue> before = frames[instructions.indexOf(source)];
    if (before == null) {
      return OptionalInt.empty();
    }
    switch (source.getOpcode()) {
      case Opcodes.ALOAD -> {
        int slot = ((VarInsnNode) source).var;
        OptionalInt parameter = parameterAt(slot);
        if (parameter.isPresent() || slot < firstLocalSlot) {
          return parameter;
        }
        return parameterOf(before.getLocal(slot), steps + 1);
      }
      case Opcodes.ASTORE, Opcodes.CHECKCAST, Opcodes.DUP -> {
        return parameterOf(before.getStack(before.getStackSize() - 1), steps + 1);
      }
      case Opcodes.INVOKEDYNAMIC -> {
        int captured = Type.getArgumentTypes(((InvokeDynamicInsnNode) source).desc).length;
        for (int i = 0; i < captured; i++) {
          OptionalInt parameter = parameterOf(
              before.getStack(before.getStackSize() - captured + i), steps + 1);
          if (parameter.isPresent()) {
            return parameter;
          }
        }
        return OptionalInt.empty();
      }
      default -> {
        return OptionalInt.empty();
      }
    }
  }
}
