(* mapsound Coq support library: deciding executions by computation.  The
   boolean operators and their reflection lemmas (MsBool.v, exported from
   here: generated modules import MsDecide alone) are applied to what
   MsExec.v defines: the booleans of an execution's primitive facts
   (BExecution) and what it means for them to reflect an execution,
   cardinalities, the families of sets, wf itself (wf_b, wf_ok), maps
   between two event types, and chains of let_in that compute a definition
   with everything it depends on (okS).

   Reflection is stated for any execution X that booleans Xb reflect
   (xreflects Xb X), not only for exec_of Xb: a proof about an arbitrary
   execution or witness (a counterexample's refutation quantifies over
   every source witness) uses the same lemmas. *)

Require Import Coq.Lists.List Coq.Bool.Bool Coq.Arith.PeanoNat.
Require Import Mapsound.MsRel Mapsound.MsExec.
Require Export Mapsound.MsBool.
Import ListNotations.
Set Implicit Arguments.
Open Scope lazy_bool_scope.

(* The booleans of an execution's primitive facts, the execution they stand
   for, and what it means for them to reflect a given execution. *)
Record BExecution (E : Type) := {
  bIW : bset E; bR : bset E; bW : bset E; bF : bset E; bBAR : bset E; bRMW : bset E;
  bNA : bset E; bWEAK : bset E; bRLX : bset E; bACQ : bset E; bREL : bset E; bACQ_REL : bset E; bSC : bset E;
  bSG : bset E; bCTA : bset E; bCLUSTER : bset E; bQF : bset E; bGPU : bset E; bSYS : bset E;
  bSUR : bset E; bTEX : bset E; bCON : bset E; bALIAS : bset E; bNONPRIV : bset E; bSC0 : bset E; bSC1 : bset E;
  bSC2 : bset E; bSC3 : bset E; bSEMSC0 : bset E; bSEMSC1 : bset E; bSEMSC2 : bset E; bSEMSC3 : bset E; bAV : bset E; bVIS : bset E; bSEMAV : bset E; bSEMVIS : bset E;
  bAVDEVICE : bset E; bVISDEVICE : bset E; bGLOBAL : bset E; bLOCAL : bset E; bBAR_ARRIVE : bset E;
  bdmb_full : bset E; bdmb_ld : bset E; bdmb_st : bset E; bISB : bset E; bQ : bset E; bX_ : bset E;
  bSYNC : bset E; bLWSYNC : bset E; bISYNC : bset E;
  bFence_pr : bset E; bFence_pw : bset E; bFence_sr : bset E; bFence_sw : bset E; bFence_tso : bset E;
  bpo : brel E; brmw : brel E; baddr : brel E; bdata : brel E; bctrl : brel E; brf : brel E;
  bat_ : brel E; bvat : brel E;
  bsame_thread : brel E; bsame_sg : brel E; bsame_cta : brel E; bsame_cluster : brel E; bsame_qf : brel E;
  bsame_gpu : brel E; bsame_barrier : brel E
}.

Definition exec_of {E} (X : BExecution E) : Execution E := {|
  IW := to_set (bIW X); R := to_set (bR X); W := to_set (bW X); F := to_set (bF X);
  BAR := to_set (bBAR X); RMW := to_set (bRMW X);
  NA := to_set (bNA X); WEAK := to_set (bWEAK X); RLX := to_set (bRLX X); ACQ := to_set (bACQ X);
  REL := to_set (bREL X); ACQ_REL := to_set (bACQ_REL X); SC := to_set (bSC X);
  SG := to_set (bSG X); CTA := to_set (bCTA X); CLUSTER := to_set (bCLUSTER X); QF := to_set (bQF X);
  GPU := to_set (bGPU X); SYS := to_set (bSYS X);
  SUR := to_set (bSUR X); TEX := to_set (bTEX X); CON := to_set (bCON X); ALIAS := to_set (bALIAS X);
  NONPRIV := to_set (bNONPRIV X); SC0 := to_set (bSC0 X); SC1 := to_set (bSC1 X);
  SC2 := to_set (bSC2 X); SC3 := to_set (bSC3 X);
  SEMSC0 := to_set (bSEMSC0 X); SEMSC1 := to_set (bSEMSC1 X); SEMSC2 := to_set (bSEMSC2 X); SEMSC3 := to_set (bSEMSC3 X); AV := to_set (bAV X); VIS := to_set (bVIS X);
  SEMAV := to_set (bSEMAV X); SEMVIS := to_set (bSEMVIS X); AVDEVICE := to_set (bAVDEVICE X);
  VISDEVICE := to_set (bVISDEVICE X); GLOBAL := to_set (bGLOBAL X); LOCAL := to_set (bLOCAL X); BAR_ARRIVE := to_set (bBAR_ARRIVE X);
  dmb_full := to_set (bdmb_full X); dmb_ld := to_set (bdmb_ld X); dmb_st := to_set (bdmb_st X); ISB := to_set (bISB X); Q := to_set (bQ X); X_ := to_set (bX_ X);
  SYNC := to_set (bSYNC X); LWSYNC := to_set (bLWSYNC X); ISYNC := to_set (bISYNC X);
  Fence_pr := to_set (bFence_pr X); Fence_pw := to_set (bFence_pw X); Fence_sr := to_set (bFence_sr X);
  Fence_sw := to_set (bFence_sw X); Fence_tso := to_set (bFence_tso X);
  po := to_rel (bpo X); rmw := to_rel (brmw X); addr := to_rel (baddr X); data := to_rel (bdata X);
  ctrl := to_rel (bctrl X); rf := to_rel (brf X); at_ := to_rel (bat_ X); vat := to_rel (bvat X);
  same_thread := to_rel (bsame_thread X); same_sg := to_rel (bsame_sg X); same_cta := to_rel (bsame_cta X);
  same_cluster := to_rel (bsame_cluster X); same_qf := to_rel (bsame_qf X); same_gpu := to_rel (bsame_gpu X);
  same_barrier := to_rel (bsame_barrier X) |}.

Record xreflects {E} (Xb : BExecution E) (X : Execution E) : Prop := {
  xr_IW : reflects1 (bIW Xb) (IW X); xr_R : reflects1 (bR Xb) (R X); xr_W : reflects1 (bW Xb) (W X);
  xr_F : reflects1 (bF Xb) (F X); xr_BAR : reflects1 (bBAR Xb) (BAR X); xr_RMW : reflects1 (bRMW Xb) (RMW X);
  xr_NA : reflects1 (bNA Xb) (NA X); xr_WEAK : reflects1 (bWEAK Xb) (WEAK X); xr_RLX : reflects1 (bRLX Xb) (RLX X);
  xr_ACQ : reflects1 (bACQ Xb) (ACQ X); xr_REL : reflects1 (bREL Xb) (REL X);
  xr_ACQ_REL : reflects1 (bACQ_REL Xb) (ACQ_REL X); xr_SC : reflects1 (bSC Xb) (SC X);
  xr_SG : reflects1 (bSG Xb) (SG X); xr_CTA : reflects1 (bCTA Xb) (CTA X);
  xr_CLUSTER : reflects1 (bCLUSTER Xb) (CLUSTER X); xr_QF : reflects1 (bQF Xb) (QF X);
  xr_GPU : reflects1 (bGPU Xb) (GPU X); xr_SYS : reflects1 (bSYS Xb) (SYS X);
  xr_SUR : reflects1 (bSUR Xb) (SUR X); xr_TEX : reflects1 (bTEX Xb) (TEX X); xr_CON : reflects1 (bCON Xb) (CON X);
  xr_ALIAS : reflects1 (bALIAS Xb) (ALIAS X); xr_NONPRIV : reflects1 (bNONPRIV Xb) (NONPRIV X);
  xr_SC0 : reflects1 (bSC0 Xb) (SC0 X); xr_SC1 : reflects1 (bSC1 Xb) (SC1 X);
  xr_SC2 : reflects1 (bSC2 Xb) (SC2 X); xr_SC3 : reflects1 (bSC3 Xb) (SC3 X);
  xr_SEMSC0 : reflects1 (bSEMSC0 Xb) (SEMSC0 X); xr_SEMSC1 : reflects1 (bSEMSC1 Xb) (SEMSC1 X);
  xr_SEMSC2 : reflects1 (bSEMSC2 Xb) (SEMSC2 X); xr_SEMSC3 : reflects1 (bSEMSC3 Xb) (SEMSC3 X);
  xr_AV : reflects1 (bAV Xb) (AV X); xr_VIS : reflects1 (bVIS Xb) (VIS X);
  xr_SEMAV : reflects1 (bSEMAV Xb) (SEMAV X); xr_SEMVIS : reflects1 (bSEMVIS Xb) (SEMVIS X);
  xr_AVDEVICE : reflects1 (bAVDEVICE Xb) (AVDEVICE X); xr_VISDEVICE : reflects1 (bVISDEVICE Xb) (VISDEVICE X);
  xr_GLOBAL : reflects1 (bGLOBAL Xb) (GLOBAL X); xr_LOCAL : reflects1 (bLOCAL Xb) (LOCAL X);
  xr_BAR_ARRIVE : reflects1 (bBAR_ARRIVE Xb) (BAR_ARRIVE X);
  xr_dmb_full : reflects1 (bdmb_full Xb) (dmb_full X);
  xr_dmb_ld : reflects1 (bdmb_ld Xb) (dmb_ld X);
  xr_dmb_st : reflects1 (bdmb_st Xb) (dmb_st X);
  xr_ISB : reflects1 (bISB Xb) (ISB X);
  xr_Q : reflects1 (bQ Xb) (Q X);
  xr_X_ : reflects1 (bX_ Xb) (X_ X);
  xr_SYNC : reflects1 (bSYNC Xb) (SYNC X);
  xr_LWSYNC : reflects1 (bLWSYNC Xb) (LWSYNC X);
  xr_ISYNC : reflects1 (bISYNC Xb) (ISYNC X);
  xr_Fence_pr : reflects1 (bFence_pr Xb) (Fence_pr X);
  xr_Fence_pw : reflects1 (bFence_pw Xb) (Fence_pw X);
  xr_Fence_sr : reflects1 (bFence_sr Xb) (Fence_sr X);
  xr_Fence_sw : reflects1 (bFence_sw Xb) (Fence_sw X);
  xr_Fence_tso : reflects1 (bFence_tso Xb) (Fence_tso X);
  xr_po : reflects2 (bpo Xb) (po X); xr_rmw : reflects2 (brmw Xb) (rmw X); xr_addr : reflects2 (baddr Xb) (addr X);
  xr_data : reflects2 (bdata Xb) (data X); xr_ctrl : reflects2 (bctrl Xb) (ctrl X); xr_rf : reflects2 (brf Xb) (rf X);
  xr_at_ : reflects2 (bat_ Xb) (at_ X); xr_vat : reflects2 (bvat Xb) (vat X);
  xr_same_thread : reflects2 (bsame_thread Xb) (same_thread X); xr_same_sg : reflects2 (bsame_sg Xb) (same_sg X);
  xr_same_cta : reflects2 (bsame_cta Xb) (same_cta X);
  xr_same_cluster : reflects2 (bsame_cluster Xb) (same_cluster X);
  xr_same_qf : reflects2 (bsame_qf Xb) (same_qf X); xr_same_gpu : reflects2 (bsame_gpu Xb) (same_gpu X);
  xr_same_barrier : reflects2 (bsame_barrier Xb) (same_barrier X)
}.

Lemma exec_of_reflects : forall E (Xb : BExecution E), xreflects Xb (exec_of Xb).
Proof. intros E Xb; constructor; first [apply refl1 | apply refl2]. Qed.

(* X with its reads-from replaced by r (with_rf, MsExec.v), as booleans. *)
Definition with_rf_b {E} (X : BExecution E) (r : brel E) : BExecution E := {|
  bIW := bIW X; bR := bR X; bW := bW X; bF := bF X; bBAR := bBAR X; bRMW := bRMW X; bNA := bNA X;
  bWEAK := bWEAK X; bRLX := bRLX X; bACQ := bACQ X; bREL := bREL X; bACQ_REL := bACQ_REL X;
  bSC := bSC X; bSG := bSG X; bCTA := bCTA X; bCLUSTER := bCLUSTER X; bQF := bQF X; bGPU := bGPU X;
  bSYS := bSYS X; bSUR := bSUR X; bTEX := bTEX X; bCON := bCON X; bALIAS := bALIAS X;
  bNONPRIV := bNONPRIV X; bSC0 := bSC0 X; bSC1 := bSC1 X; bSC2 := bSC2 X; bSC3 := bSC3 X;
  bSEMSC0 := bSEMSC0 X; bSEMSC1 := bSEMSC1 X; bSEMSC2 := bSEMSC2 X; bSEMSC3 := bSEMSC3 X;
  bAV := bAV X; bVIS := bVIS X; bSEMAV := bSEMAV X; bSEMVIS := bSEMVIS X; bAVDEVICE := bAVDEVICE X;
  bVISDEVICE := bVISDEVICE X; bGLOBAL := bGLOBAL X; bLOCAL := bLOCAL X;
  bBAR_ARRIVE := bBAR_ARRIVE X; bdmb_full := bdmb_full X; bdmb_ld := bdmb_ld X; bdmb_st := bdmb_st X; bISB := bISB X; bQ := bQ X; bX_ := bX_ X; bSYNC := bSYNC X; bLWSYNC := bLWSYNC X; bISYNC := bISYNC X; bFence_pr := bFence_pr X; bFence_pw := bFence_pw X; bFence_sr := bFence_sr X; bFence_sw := bFence_sw X; bFence_tso := bFence_tso X; bpo := bpo X; brmw := brmw X; baddr := baddr X; bdata := bdata X;
  bctrl := bctrl X; brf := r; bat_ := bat_ X; bvat := bvat X; bsame_thread := bsame_thread X;
  bsame_sg := bsame_sg X; bsame_cta := bsame_cta X; bsame_cluster := bsame_cluster X;
  bsame_qf := bsame_qf X; bsame_gpu := bsame_gpu X; bsame_barrier := bsame_barrier X |}.
Lemma with_rf_reflects : forall E (Xb : BExecution E) (X : Execution E) (rb : brel E) (r : rel E),
  xreflects Xb X -> reflects2 rb r -> xreflects (with_rf_b Xb rb) (with_rf X r).
Proof. intros E Xb X rb r H Hr; destruct H; constructor; assumption. Qed.

Section Decide.
Variable E : Type.
Variable fin : finite E.

Let eqb_true x y : eqb fin x y = true <-> x = y := eqb_eq fin x y.

(* ---- Cardinalities ---- *)
Definition fin_dec (x y : E) : {x = y} + {x <> y}.
Proof.
  destruct (eqb fin x y) eqn:H; [left; apply eqb_true, H | right; intro e; apply eqb_true in e; congruence].
Defined.
Definition members (a : bset E) : list E := filter a (nodup fin_dec (elems fin)).
Definition count (a : bset E) : nat := length (members a).

Lemma members_nodup : forall a, NoDup (members a).
Proof. intro a; apply NoDup_filter, NoDup_nodup. Qed.
Lemma members_in : forall a x, In x (members a) <-> a x = true.
Proof.
  intros a x; unfold members; rewrite filter_In, nodup_In; split; [tauto |].
  intro H; split; [apply elems_all | exact H].
Qed.

Lemma r_at_most : forall n (a : bset E) A, reflects1 a A -> reflectsP (Nat.leb (count a) n) (at_most n A).
Proof.
  intros n a A H; unfold reflectsP, at_most; rewrite Nat.leb_le; split.
  - intro Hn; exists (members a); split; [exact Hn |].
    intros x Hx; apply members_in, H, Hx.
  - intros [l [Hl Hin]]; unfold count.
    eapply Nat.le_trans; [| exact Hl].
    apply NoDup_incl_length; [apply members_nodup |].
    intros x Hx; apply Hin, H, members_in, Hx.
Qed.
Lemma r_card : forall n (a : bset E) A, reflects1 a A -> reflectsP (Nat.eqb (count a) n) (card n A).
Proof.
  intros n a A H; unfold reflectsP, card; rewrite Nat.eqb_eq; split.
  - intro Hn; exists (members a); split; [apply members_nodup | split; [exact Hn |]].
    intro x; rewrite members_in; symmetry; apply H.
  - intros [l [Hnd [Hl Hin]]]; unfold count; rewrite <- Hl.
    apply Nat.le_antisymm; apply NoDup_incl_length; auto using members_nodup;
      intros x Hx; [apply Hin, H, members_in, Hx | apply members_in, H, Hin, Hx].
Qed.

Lemma r_same_count : forall (a : bset E) A b B, reflects1 a A -> reflects1 b B ->
  reflectsP (Nat.eqb (count a) (count b)) (same_count A B).
Proof.
  intros a A b B Ha Hb; unfold reflectsP, same_count; rewrite Nat.eqb_eq; split.
  - intro H; exists (count a); split; apply (r_card _ Ha) || apply (r_card _ Hb); [apply Nat.eqb_refl |].
    rewrite H; apply Nat.eqb_refl.
  - intros [n [H1 H2]]; apply (r_card _ Ha) in H1; apply (r_card _ Hb) in H2.
    apply Nat.eqb_eq in H1; apply Nat.eqb_eq in H2; congruence.
Qed.

(* ---- A definition and everything it depends on, computed in one chain ----
   okS o Q: when o computes a value, Q holds of it.  A chain binds each
   dependency with let_in, checks the stability of least fixpoints (None
   when a Kleene iteration is not stable), and ends in Some. *)
Definition okS {B} (o : option B) (Q : B -> Prop) : Prop := forall v, o = Some v -> Q v.

Lemma ok_some : forall B (v : B) (Q : B -> Prop), Q v -> okS (Some v) Q.
Proof. intros B v Q H v' E1; injection E1; intros <-; exact H. Qed.
Lemma ok_let2 : forall (a : brel E) r B (k : brel E -> option B) (Q : B -> Prop),
  reflects2 a r -> (forall a', reflects2 a' r -> okS (k a') Q) -> okS (let_in a k) Q.
Proof. intros a r B k Q H K; apply K, H. Qed.
Lemma ok_let1 : forall (a : bset E) s B (k : bset E -> option B) (Q : B -> Prop),
  reflects1 a s -> (forall a', reflects1 a' s -> okS (k a') Q) -> okS (let_in a k) Q.
Proof. intros a s B k Q H K; apply K, H. Qed.
Lemma ok_stable : forall (c : bool) (a : brel E) r B (k : brel E -> option B) (Q : B -> Prop),
  (c = true -> reflects2 a r) -> (forall a', reflects2 a' r -> okS (k a') Q) ->
  okS (if c then let_in a k else None) Q.
Proof. intros [|] a r B k Q H K; [apply K, H; reflexivity | intros v E1; discriminate]. Qed.

(* A closed chain's value, when it is known. *)
Lemma ok_value : forall B (o : option B) Q v, okS o Q -> o = Some v -> Q v.
Proof. intros B o Q v H E1; apply H, E1. Qed.
Lemma ok_true : forall (o : option bool) P, okS o (fun v => reflectsP v P) -> o = Some true -> P.
Proof. intros o P H E1; apply (H true E1); reflexivity. Qed.
Lemma ok_false : forall (o : option bool) P, okS o (fun v => reflectsP v P) -> o = Some false -> ~ P.
Proof. intros o P H E1 HP; apply (H false E1) in HP; discriminate. Qed.
(* A lazy conjunction of two chains: the second is computed only when the
   first is true. *)
Lemma ok_and_lazy : forall (a b : option bool) P Q,
  okS a (fun v => reflectsP v P) -> okS b (fun v => reflectsP v Q) ->
  okS (match a with Some true => b | Some false => Some false | None => None end) (fun v => reflectsP v (P /\ Q)).
Proof.
  intros [[|] |] b P Q Ha Hb v E1; try discriminate.
  - assert (HP : P) by (apply (Ha true eq_refl); reflexivity).
    specialize (Hb v E1); unfold reflectsP in *; rewrite Hb; tauto.
  - injection E1; intros <-; split; [discriminate | intros [HP _]; apply (Ha false eq_refl) in HP; discriminate].
Qed.

End Decide.

(* ---- Families of sets, and well-formedness ---- *)
Scheme Equality for Kind.
Scheme Equality for Ord.
Scheme Equality for Lvl.
Scheme Equality for Tag.

Lemma Kind_beq_iff : forall x y, Kind_beq x y = true <-> x = y.
Proof. intros x y; split; [apply internal_Kind_dec_bl | apply internal_Kind_dec_lb]. Qed.
Lemma Ord_beq_iff : forall x y, Ord_beq x y = true <-> x = y.
Proof. intros x y; split; [apply internal_Ord_dec_bl | apply internal_Ord_dec_lb]. Qed.
Lemma Lvl_beq_iff : forall x y, Lvl_beq x y = true <-> x = y.
Proof. intros x y; split; [apply internal_Lvl_dec_bl | apply internal_Lvl_dec_lb]. Qed.
Lemma Tag_beq_iff : forall x y, Tag_beq x y = true <-> x = y.
Proof. intros x y; split; [apply internal_Tag_dec_bl | apply internal_Tag_dec_lb]. Qed.

Definition fin_kind : finite Kind.
Proof. refine {| elems := [K_R; K_W; K_F; K_BAR]; eqb := Kind_beq; eqb_eq := Kind_beq_iff |}.
  intros []; simpl; tauto. Defined.
Definition fin_ord : finite Ord.
Proof. refine {| elems := [O_NA; O_WEAK; O_RLX; O_ACQ; O_REL; O_ACQ_REL; O_SC]; eqb := Ord_beq; eqb_eq := Ord_beq_iff |}.
  intros []; simpl; tauto. Defined.
Definition fin_lvl : finite Lvl.
Proof. refine {| elems := [L_SG; L_CTA; L_CLUSTER; L_QF; L_GPU; L_SYS]; eqb := Lvl_beq; eqb_eq := Lvl_beq_iff |}.
  intros []; simpl; tauto. Defined.
Definition fin_tag : finite Tag.
Proof. refine {| elems := [T_SUR; T_TEX; T_CON; T_ALIAS; T_NONPRIV; T_SC0; T_SC1; T_SC2; T_SC3; T_SEMSC0; T_SEMSC1;
                          T_SEMSC2; T_SEMSC3; T_AV; T_VIS;
                          T_SEMAV; T_SEMVIS; T_AVDEVICE; T_VISDEVICE; T_GLOBAL; T_LOCAL; T_BAR_ARRIVE;
                          T_dmb_full; T_dmb_ld; T_dmb_st; T_ISB; T_Q; T_X_; T_SYNC; T_LWSYNC; T_ISYNC;
                          T_Fence_pr; T_Fence_pw; T_Fence_sr; T_Fence_sw; T_Fence_tso];
                eqb := Tag_beq; eqb_eq := Tag_beq_iff |}.
  intros []; simpl; tauto. Defined.

Section Families.
Variable E : Type.
Variable fin : finite E.
Variable Xb : BExecution E.
Variable X : Execution E.
Hypothesis hX : xreflects Xb X.

Definition b_kind_set (k : Kind) : bset E :=
  match k with K_R => bR Xb | K_W => bW Xb | K_F => bF Xb | K_BAR => bBAR Xb end.
Definition b_order_set (o : Ord) : bset E :=
  match o with
  | O_NA => bNA Xb | O_WEAK => bWEAK Xb | O_RLX => bRLX Xb | O_ACQ => bACQ Xb | O_REL => bREL Xb
  | O_ACQ_REL => bACQ_REL Xb | O_SC => bSC Xb
  end.
Definition b_scope_set (l : Lvl) : bset E :=
  match l with
  | L_SG => bSG Xb | L_CTA => bCTA Xb | L_CLUSTER => bCLUSTER Xb | L_QF => bQF Xb | L_GPU => bGPU Xb
  | L_SYS => bSYS Xb
  end.
Definition b_tag_set (t : Tag) : bset E :=
  match t with
  | T_SUR => bSUR Xb | T_TEX => bTEX Xb | T_CON => bCON Xb | T_ALIAS => bALIAS Xb | T_NONPRIV => bNONPRIV Xb
  | T_SC0 => bSC0 Xb | T_SC1 => bSC1 Xb | T_SC2 => bSC2 Xb | T_SC3 => bSC3 Xb | T_SEMSC0 => bSEMSC0 Xb
  | T_SEMSC1 => bSEMSC1 Xb | T_SEMSC2 => bSEMSC2 Xb | T_SEMSC3 => bSEMSC3 Xb | T_AV => bAV Xb
  | T_VIS => bVIS Xb | T_SEMAV => bSEMAV Xb | T_SEMVIS => bSEMVIS Xb | T_AVDEVICE => bAVDEVICE Xb
  | T_VISDEVICE => bVISDEVICE Xb | T_GLOBAL => bGLOBAL Xb | T_LOCAL => bLOCAL Xb | T_BAR_ARRIVE => bBAR_ARRIVE Xb
  | T_dmb_full => bdmb_full Xb | T_dmb_ld => bdmb_ld Xb | T_dmb_st => bdmb_st Xb | T_ISB => bISB Xb | T_Q => bQ Xb | T_X_ => bX_ Xb | T_SYNC => bSYNC Xb | T_LWSYNC => bLWSYNC Xb | T_ISYNC => bISYNC Xb
  | T_Fence_pr => bFence_pr Xb | T_Fence_pw => bFence_pw Xb | T_Fence_sr => bFence_sr Xb | T_Fence_sw => bFence_sw Xb
  | T_Fence_tso => bFence_tso Xb
  end.
Definition b_thread_event : bset E := b_set_compl (bIW Xb).
Definition b_memory_event : bset E := b_set_union (bR Xb) (bW Xb).

Lemma r_kind_set : forall k, reflects1 (b_kind_set k) (kind_set X k).
Proof. intros []; simpl; apply hX. Qed.
Lemma r_order_set : forall o, reflects1 (b_order_set o) (order_set X o).
Proof. intros []; simpl; apply hX. Qed.
Lemma r_scope_set : forall l, reflects1 (b_scope_set l) (scope_set X l).
Proof. intros []; simpl; apply hX. Qed.
Lemma r_tag_set : forall t, reflects1 (b_tag_set t) (tag_set X t).
Proof. intros []; simpl; apply hX. Qed.
Lemma r_thread_event : reflects1 b_thread_event (thread_event X).
Proof. apply r_set_compl, hX. Qed.
Lemma r_memory_event : reflects1 b_memory_event (memory_event X).
Proof. apply r_set_union; apply hX. Qed.

Definition b_order_is (e : E) (o : option Ord) : bool :=
  forallb (fun o' => Bool.eqb (b_order_set o' e) (match o with Some o1 => Ord_beq o1 o' | None => false end))
          (elems fin_ord).
Lemma r_order_is : forall e o, reflectsP (b_order_is e o) (order_is X e o).
Proof.
  intros e o; apply (r_forall fin_ord); intro o'; apply r_iffL; [apply r_order_set |].
  destruct o as [o1 |]; unfold reflectsP; [rewrite Ord_beq_iff; split; congruence | split; discriminate].
Qed.
Definition b_scope_is (e : E) (l : option Lvl) : bool :=
  forallb (fun l' => Bool.eqb (b_scope_set l' e) (match l with Some l1 => Lvl_beq l1 l' | None => false end))
          (elems fin_lvl).
Lemma r_scope_is : forall e l, reflectsP (b_scope_is e l) (scope_is X e l).
Proof.
  intros e l; apply (r_forall fin_lvl); intro l'; apply r_iffL; [apply r_scope_set |].
  destruct l as [l1 |]; unfold reflectsP; [rewrite Lvl_beq_iff; split; congruence | split; discriminate].
Qed.
Definition b_atomic (e : E) : bool := bRLX Xb e || bACQ Xb e || bREL Xb e || bACQ_REL Xb e || bSC Xb e.
Lemma r_atomic : forall e, reflectsP (b_atomic e) (atomic X e).
Proof.
  intro e; unfold reflectsP, b_atomic, atomic; repeat rewrite orb_true_iff.
  rewrite (xr_RLX hX e), (xr_ACQ hX e), (xr_REL hX e), (xr_ACQ_REL hX e), (xr_SC hX e); tauto.
Qed.
End Families.


(* Reflection proofs by the shape of the boolean. *)
Create HintDb mapsound_refl discriminated.
#[export] Hint Resolve r_prod r_seq r_inv r_union r_inter r_diff r_brack r_domain r_range r_set_union
  r_set_inter r_set_diff r_set_compl r_iden r_empty r_irreflexive r_inclusion r_set_inclusion r_same_set
  r_same_rel r_functional r_equivalence_on r_strict_total_within r_agree_on : mapsound_refl.
#[export] Hint Extern 1 (reflectsP (forallb _ (elems ?f)) _) => apply (r_forall f); intro : mapsound_refl.
Ltac refl_auto := auto 20 with mapsound_refl.

(* A goal c = v proved by evaluating c, once.  `vm_compute; reflexivity`
   evaluates c in the tactic and again when the kernel checks the proof at
   Qed; vm_cast_no_check leaves the one evaluation to the kernel, which
   still rejects the proof unless c evaluates to v. *)
Ltac by_vm := match goal with |- _ = ?v => vm_cast_no_check (@eq_refl _ v) end.
(* B : c = true, where c evaluates to false: a contradiction, evaluated
   once in the same way. *)
Ltac contradict_by_vm B :=
  match type of B with ?c = true =>
    let E := fresh "E" in assert (E : c = false) by by_vm; rewrite E in B; discriminate B
  end.

Section Tests.
Variable E : Type.
Variable fin : finite E.

Definition b_at_most_one {K} (fk : finite K) (f : K -> bset E) : bool :=
  forallb (fun k1 => forallb (fun k2 => if eqb fk k1 k2 then true
                                        else forallb (fun x => negb (f k1 x && f k2 x)) (elems fin))
                             (elems fk)) (elems fk).
Lemma r_at_most_one : forall K (fk : finite K) (f : K -> bset E) (F : K -> set E), (forall k, reflects1 (f k) (F k)) ->
  reflectsP (b_at_most_one fk f) (at_most_one F).
Proof.
  intros K fk f F H; unfold reflectsP, b_at_most_one, at_most_one; rewrite forallb_forall; split.
  - intros Hb k1 k2 x H1 H2; specialize (Hb k1 (elems_all fk k1)); rewrite forallb_forall in Hb.
    specialize (Hb k2 (elems_all fk k2)); destruct (eqb fk k1 k2) eqn:E1; [apply (eqb_eq fk), E1 |].
    rewrite forallb_forall in Hb; specialize (Hb x (elems_all fin x)).
    apply H in H1; apply H in H2; rewrite H1, H2 in Hb; discriminate.
  - intros HF k1 _; apply forallb_forall; intros k2 _; destruct (eqb fk k1 k2) eqn:E1; [reflexivity |].
    apply forallb_forall; intros x _; destruct (f k1 x) eqn:A; destruct (f k2 x) eqn:B; try reflexivity.
    apply H in A; apply H in B; specialize (HF k1 k2 x A B); subst.
    rewrite (proj2 (eqb_eq fk k2 k2) eq_refl) in E1; discriminate.
Qed.
Definition b_covers {K} (fk : finite K) (f : K -> bset E) : bool :=
  forallb (fun x => existsb (fun k => f k x) (elems fk)) (elems fin).
Lemma r_covers : forall K (fk : finite K) (f : K -> bset E) (F : K -> set E), (forall k, reflects1 (f k) (F k)) ->
  reflectsP (b_covers fk f) (covers F).
Proof.
  intros K fk f F H; apply (r_forall fin); intro x; apply (r_exists fk); intro k; apply H.
Qed.

#[local] Hint Resolve r_at_most_one r_covers : mapsound_refl.

(* wf, decided. *)
Definition wf_b (Xb : BExecution E) : bool :=
  let M := b_memory_event Xb in
  let T := b_thread_event Xb in
  b_at_most_one fin_kind (b_kind_set Xb) &&& (
  b_covers fin_kind (b_kind_set Xb) &&& (
  b_set_inclusion fin (bIW Xb) (bW Xb) &&& (
  b_same_set fin (bRMW Xb) (b_set_union (b_domain fin (brmw Xb)) (b_range fin (brmw Xb))) &&& (
  b_at_most_one fin_ord (b_order_set Xb) &&& (
  b_at_most_one fin_lvl (b_scope_set Xb) &&& (
  forallb (fun o => b_set_inclusion fin (b_order_set Xb o) T) (elems fin_ord) &&& (
  forallb (fun l => b_set_inclusion fin (b_scope_set Xb l) T) (elems fin_lvl) &&& (
  b_inclusion fin (bat_ Xb) (b_prod M (bIW Xb)) &&& (
  b_functional fin (bat_ Xb) &&& (
  b_set_inclusion fin M (b_domain fin (bat_ Xb)) &&& (
  b_inclusion fin (b_brack fin (bIW Xb)) (bat_ Xb) &&& (
  b_inclusion fin (bvat Xb) (b_prod M M) &&& (
  b_functional fin (bvat Xb) &&& (
  b_set_inclusion fin M (b_domain fin (bvat Xb)) &&& (
  b_inclusion fin (b_brack fin (b_range fin (bvat Xb))) (bvat Xb) &&& (
  b_equivalence_on fin T (bsame_thread Xb) &&& (
  b_equivalence_on fin T (bsame_sg Xb) &&& (
  b_equivalence_on fin T (bsame_cta Xb) &&& (
  b_equivalence_on fin T (bsame_cluster Xb) &&& (
  b_equivalence_on fin T (bsame_qf Xb) &&& (
  b_equivalence_on fin T (bsame_gpu Xb) &&& (
  b_inclusion fin (bsame_thread Xb) (bsame_sg Xb) &&& (
  b_inclusion fin (bsame_sg Xb) (bsame_cta Xb) &&& (
  b_inclusion fin (bsame_cta Xb) (bsame_cluster Xb) &&& (
  b_inclusion fin (bsame_cluster Xb) (bsame_qf Xb) &&& (
  b_inclusion fin (bsame_qf Xb) (bsame_gpu Xb) &&& (
  b_strict_total_within fin (bsame_thread Xb) (bpo Xb) &&& (
  b_inclusion fin (brmw Xb) (b_prod (bR Xb) (bW Xb)) &&& (
  b_inclusion fin (brmw Xb) (bpo Xb) &&& (
  b_empty fin (b_inter (brmw Xb) (b_seq fin (bpo Xb) (bpo Xb))) &&& (
  b_inclusion fin (brmw Xb) (b_seq fin (bat_ Xb) (b_inv (bat_ Xb))) &&& (
  forallb (fun o => b_agree_on fin (b_order_set Xb o) (brmw Xb)) (elems fin_ord) &&& (
  forallb (fun l => b_agree_on fin (b_scope_set Xb l) (brmw Xb)) (elems fin_lvl) &&& (
  b_inclusion fin (baddr Xb) (b_seq fin (b_brack fin (bR Xb)) (b_seq fin (bpo Xb) (b_brack fin M))) &&& (
  b_inclusion fin (bdata Xb) (b_seq fin (b_brack fin (bR Xb)) (b_seq fin (bpo Xb) (b_brack fin (bW Xb)))) &&& (
  b_inclusion fin (bctrl Xb) (b_seq fin (b_brack fin (bR Xb)) (bpo Xb)) &&& (
  b_inclusion fin (brf Xb) (b_prod (bW Xb) (bR Xb)) &&& (
  b_inclusion fin (brf Xb) (b_seq fin (bat_ Xb) (b_inv (bat_ Xb))) &&& (
  b_functional fin (b_inv (brf Xb)) &&& (
  b_set_inclusion fin (bR Xb) (b_range fin (brf Xb)) &&& (
  b_equivalence_on fin (bBAR Xb) (bsame_barrier Xb) &&& (
  b_inclusion fin (bsame_barrier Xb) (bsame_cta Xb))))))))))))))))))))))))))))))))))))))))))).

Lemma wf_ok : forall Xb X, xreflects Xb X -> reflectsP (wf_b Xb) (wf X).
Proof.
  intros Xb X hX; unfold wf_b, wf; cbv zeta.
  pose proof (r_memory_event hX) as HM; pose proof (r_thread_event hX) as HT.
  pose proof (r_kind_set hX) as HK; pose proof (r_order_set hX) as HO; pose proof (r_scope_set hX) as HL.
  destruct hX.
  repeat apply r_andL; refl_auto.
Qed.
End Tests.

(* ---- Maps between two finite types of events ---- *)
Section Maps.
Variables Es Et : Type.
Variable fs : finite Es.
Variable ft : finite Et.

Definition reflectsM (mb : Es -> Et -> bool) (m : Es -> Et -> Prop) : Prop := forall e t, mb e t = true <-> m e t.

Lemma r_map : forall mb m e t, reflectsM mb m -> reflectsP (mb e t) (m e t).
Proof. intros mb m e t H; apply H. Qed.

Definition b_lifted (mb : Es -> Et -> bool) (r : brel Et) : brel Es :=
  memo2 fs (fun e1 e2 => existsb (fun t1 => mb e1 t1 &&& existsb (fun t2 => mb e2 t2 &&& r t1 t2) (elems ft))
                                 (elems ft)).
Lemma r_lifted : forall mb m (b : brel Et) r, reflectsM mb m -> reflects2 b r -> reflects2 (b_lifted mb b) (lifted m r).
Proof.
  intros mb m b r Hm Hb e1 e2; unfold b_lifted, lifted; rewrite memo2_eq.
  apply (r_exists ft); intro t1; apply r_andL; [apply Hm |].
  apply (r_exists ft); intro t2; apply r_andL; [apply Hm | apply Hb].
Qed.
Definition b_pulled (mb : Es -> Et -> bool) (r : brel Es) : brel Et :=
  memo2 ft (fun t1 t2 => existsb (fun e1 => mb e1 t1 &&& existsb (fun e2 => mb e2 t2 &&& r e1 e2) (elems fs))
                                 (elems fs)).
Lemma r_pulled : forall mb m (b : brel Es) r, reflectsM mb m -> reflects2 b r -> reflects2 (b_pulled mb b) (pulled m r).
Proof.
  intros mb m b r Hm Hb t1 t2; unfold b_pulled, pulled; rewrite memo2_eq.
  apply (r_exists fs); intro e1; apply r_andL; [apply Hm |].
  apply (r_exists fs); intro e2; apply r_andL; [apply Hm | apply Hb].
Qed.
End Maps.
